// The board's clock counts the round's time down each second between the page's reads;
// when it runs out, the cue to change tables is shown.
(function () {
  "use strict";
  var left = document.getElementById("left");
  var cue = document.getElementById("cue");
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
    setTimeout(tick, 250);
  }
  tick();
})();
