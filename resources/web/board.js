// The board reads itself again every few seconds in place (without script, the page is
// reloaded instead); when the server cannot be reached it keeps the last board, says so,
// and catches up by itself. The round's clock counts down each second between reads;
// when it runs out, the cue to change tables is shown.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var every = Number(board.dataset.every) * 1000;
  var timer = null;
  var read = new Date().toTimeString().slice(0, 5);  // when the board shown was read
  function count() {
    var left = document.getElementById("left");
    var cue = document.getElementById("cue");
    clearTimeout(timer);
    if (!left || !cue) { return; }
    var end = Date.now() + Number(left.dataset.left) * 1000;
    function tick() {
      var seconds = Math.max(Math.ceil((end - Date.now()) / 1000), 0);
      var rest = seconds % 60;
      left.textContent = Math.floor(seconds / 60) + ":" + (rest < 10 ? "0" : "") + rest + " left";
      if (seconds === 0) {
        cue.textContent = cue.dataset.up;
        cue.hidden = false;
        return;
      }
      timer = setTimeout(tick, 250);
    }
    tick();
  }
  function look() {
    fetch(location.pathname, { cache: "no-store" })
      .then(function (answer) {
        if (answer.status === 404) { location.reload(); }  // the server says why
        if (!answer.ok) { throw new Error(String(answer.status)); }
        return answer.text();
      })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("board");
        if (fresh) { board.className = fresh.className; board.innerHTML = fresh.innerHTML; count(); }
        read = new Date().toTimeString().slice(0, 5);
      })
      .catch(function () {
        var live = document.getElementById("live");
        live.textContent = "Not connected to the club's server: this is the board as it was" +
          " at " + read + ", and it catches up by itself.";
        live.hidden = false;
      })
      .finally(function () { setTimeout(look, every); });
  }
  count();
  setTimeout(look, every);
})();
