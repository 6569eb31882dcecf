// A player's page follows the night: every few seconds it asks this server for the
// page again and shows what changed; when the server cannot be reached it says so.
(function () {
  "use strict";
  var night = document.getElementById("night");
  var live = document.getElementById("live");
  var every = Number(night.dataset.every) * 1000;
  function say(text) { live.textContent = text; }
  function look() {
    fetch(location.pathname, { cache: "no-store" })
      .then(function (answer) {
        if (!answer.ok) { throw new Error(String(answer.status)); }
        return answer.text();
      })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("night");
        if (fresh && fresh.innerHTML !== night.innerHTML) { night.innerHTML = fresh.innerHTML; }
        say("This page shows each result as it counts.");
      })
      .catch(function () {
        say("Not connected to the club's server: this page shows the results as they were, and catches up when it can.");
      })
      .finally(function () { setTimeout(look, every); });
  }
  setTimeout(look, every);
})();
