// The table's page, offline first: a form sent from the page is kept on this phone
// (localStorage) until the club's server has answered it, so an entry made while the
// Wi-Fi is down is sent, once (its key makes a second sending count for nothing), when
// the server can be reached again; the page says plainly what waits, and closing or
// reloading it loses nothing.
(function () {
  "use strict";
  var store = "scorekeeper-outbox:" + location.pathname;
  var shown = "scorekeeper-shown:" + location.pathname;  // the part the next page opens at
  var main = document.querySelector("main");
  var every = Number(main.dataset.refresh || 5) * 1000;
  var sending = false;

  function kept() {
    try { return JSON.parse(localStorage.getItem(store) || "[]"); } catch (error) { return []; }
  }
  function keep(items) {
    if (items.length) { localStorage.setItem(store, JSON.stringify(items)); }
    else { localStorage.removeItem(store); }
  }

  // what a form says, in the words on the page: "Hand 2: Played · Makers: Ann & Cy · …"
  function words(form) {
    var said = [];
    var summary = form.closest("details");
    var section = form.closest("section");
    if (summary) { said.push(summary.querySelector("summary").textContent.trim()); }
    else if (section && section.querySelector("h2")) {
      said.push(section.querySelector("h2").textContent.trim());
    }
    form.querySelectorAll("fieldset, label.by").forEach(function (part) {
      var legend = part.querySelector("legend");
      var title = legend ? legend.textContent.trim() : "Entered by";
      var chosen = [];
      part.querySelectorAll("select").forEach(function (box) {
        if (box.value !== "") { chosen.push(box.options[box.selectedIndex].textContent.trim()); }
      });
      part.querySelectorAll("input[type=number]").forEach(function (box) {
        if (box.value !== "") { chosen.push(box.value); }
      });
      part.querySelectorAll("input[type=checkbox]:checked").forEach(function (box) {
        chosen.push(box.parentNode.textContent.trim());
      });
      if (chosen.length) { said.push(title + ": " + chosen.join(", ")); }
    });
    var button = form.querySelector("button");
    if (!summary && button) { said.push(button.textContent.trim()); }
    return said.join(" · ");
  }

  // the part of the page the answer to ``form`` opens at, as a plain form's does (the
  // server's answer names it, but the address a fetch is answered from loses its "#part")
  function part(form) {
    var around = form.closest("details[id]");
    return around ? around.id : "";
  }
  function reveal() {
    var at = sessionStorage.getItem(shown);
    sessionStorage.removeItem(shown);
    var around = at ? document.getElementById(at) : null;
    if (around) { around.scrollIntoView(); }
  }

  function show(problem) {
    var items = kept();
    var box = document.getElementById("outbox");
    if (!box) { return; }
    box.hidden = items.length === 0;
    document.querySelectorAll("form[method=post]").forEach(function (form) {
      var part = form.closest("details") || form;
      part.hidden = items.length > 0;  // nothing more is entered while this waits
    });
    if (!items.length) { return; }
    box.textContent = "";
    var head = document.createElement("h2");
    head.textContent = "Waiting on this phone to be sent";
    box.appendChild(head);
    items.forEach(function (item) {
      var line = document.createElement("p");
      line.className = "kept";
      line.textContent = item.what;
      box.appendChild(line);
    });
    var why = document.createElement("p");
    why.textContent = (problem || "Sending…") +
      " It is sent by itself as soon as the club's server answers; closing or reloading this page loses nothing.";
    box.appendChild(why);
  }

  // the server's page in place of this one (a refusal, filled in again); ``lost``: what
  // was sent and not recorded, said on a page that cannot fill it in again
  function swap(text, lost) {
    var page = new DOMParser().parseFromString(text, "text/html");
    document.title = page.title;
    document.body.replaceWith(document.adoptNode(page.body));
    main = document.querySelector("main") || main;
    if (lost) {
      var line = document.createElement("p");
      line.className = "said";
      line.textContent = "Not recorded: " + lost;
      main.insertBefore(line, main.firstChild);
    }
    start();
  }

  function send() {
    var items = kept();
    if (sending || !items.length) { return; }
    sending = true;
    var item = items[0];
    fetch(item.action, {
      method: "POST",
      body: new URLSearchParams(item.fields),
      credentials: "same-origin",
      cache: "no-store",
    }).then(function (answer) {
      if (answer.status === 429 || answer.status >= 500) {  // to be sent again later
        throw new Error("The club's server is busy.");
      }
      keep(kept().filter(function (other) { return other.id !== item.id; }));
      if (answer.ok && answer.redirected) {
        if (item.at) { sessionStorage.setItem(shown, item.at); }
        location.replace(answer.url);
        return null;
      }
      return answer.text().then(function (text) {
        swap(text, answer.status === 400 ? "" : item.what);
      });
    }).catch(function (error) {
      show(error instanceof TypeError ?
        "The club's server cannot be reached (the Wi-Fi may be down)." : error.message);
      setTimeout(send, 3000);
    }).finally(function () { sending = false; });
  }

  function start() {
    document.querySelectorAll("form[method=post]").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var items = kept();
        var fields = Array.from(new FormData(form));
        var pressed = event.submitter;  // a card's button says which card
        if (pressed && pressed.name) { fields.push([pressed.name, pressed.value]); }
        items.push({
          id: Date.now() + ":" + Math.random(),
          action: form.action,
          fields: fields,
          what: words(form),
          at: part(form),
        });
        keep(items);
        show();
        send();
      });
    });
    show();
    send();
  }

  // while a hand waits for the other side, the page is read again (only when the
  // server answers: a phone off the Wi-Fi keeps the page it has)
  function follow() {
    var due = document.getElementById("waiting") && !kept().length;
    var read = due ? fetch(location.pathname, { cache: "no-store" }).then(function (answer) {
      if (answer.ok && !kept().length) { return answer.text().then(function (text) { swap(text); }); }
    }) : Promise.resolve();
    read.catch(function () {}).finally(function () { setTimeout(follow, every); });
  }

  window.addEventListener("online", send);
  reveal();
  start();
  setTimeout(follow, every);
})();
