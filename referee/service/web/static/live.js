// Follow the game without reloading: the server sends a "change" event carrying the
// game's version whenever it changes; the parts marked data-swap are fetched again.
// Without JavaScript the page is complete as served; reload it to see new moves.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.EventSource || !window.fetch) return;
  var version = live.getAttribute("data-version");
  var follow = live.getAttribute("data-follow") === "yes";
  var busy = false;
  var waiting = null;     // a change announced while the page was being fetched
  var failures = 0;       // fetches failed in a row: after five, the next event tries

  function refresh(next) {
    if (busy) { waiting = next; return; }
    busy = true;
    waiting = null;
    // a move built step by step belongs to the position it was built on: start again
    var query = new URLSearchParams(window.location.search);
    if (query.has("step")) {
      query.delete("step");
      var rest = query.toString();
      window.history.replaceState(null, "", window.location.pathname + (rest ? "?" + rest : ""));
    }
    fetch(window.location.pathname + window.location.search, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-swap]").forEach(function (el) {
          var fresh = doc.getElementById(el.id);
          if (fresh) el.replaceWith(document.importNode(fresh, true));
        });
        var ply = doc.querySelector("input[name=ply]");
        var mine = document.querySelector("input[name=ply]");
        if (ply && mine) mine.value = ply.value;
        var reply = document.querySelector(".reply");
        if (reply) reply.remove();
        var now = document.getElementById("live");
        version = now ? now.getAttribute("data-version") : next;
        document.body.setAttribute("data-version", version);
        document.dispatchEvent(new CustomEvent("referee:swapped"));
      })
      .then(function () { failures = 0; },
            function () { failures += 1; if (failures <= 5) waiting = waiting || next; })
      .then(function () {
        busy = false;
        // a change that came meanwhile, or a fetch that failed: fetch again, once more
        if (waiting !== null && waiting !== version) {
          var again = waiting;
          setTimeout(function () { refresh(again); }, 500);
        }
      });
  }

  var source = new EventSource(live.getAttribute("data-events"));
  source.addEventListener("change", function (e) {
    if (e.data === version) return;
    if (follow) { refresh(e.data); return; }
    var note = document.querySelector(".moved-on");
    if (note) note.hidden = false;
  });

  // One click puts a legal move in the box (without JavaScript the link does it).
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a.fill");
    var box = document.getElementById("move");
    if (!a || !box) return;
    e.preventDefault();
    box.value = a.getAttribute("data-move");
    box.focus();
  });
})();
