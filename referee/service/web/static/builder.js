// The seat page's move builder without reloading: a choice (a button, or a thing in
// the picture whose data-choice names it) asks /seat/LINK/steps for the next step and
// draws it, and the address follows (?step=...), so reload and back show the same.
// Without JavaScript every choice is a link to that same address: the page is the same.
(function () {
  "use strict";
  if (!window.fetch || !window.history || !window.history.pushState) return;
  var steps = window.location.pathname.replace(/\/+$/, "") + "/steps";

  function fold(s) { return String(s).trim().split(/\s+/).join(" ").toLowerCase(); }

  // the choices offered now, as the buttons hold them
  function offered() {
    var b = document.getElementById("builder");
    if (!b) return [];
    return Array.prototype.map.call(b.querySelectorAll("a.choice"), function (a) {
      return {choice: fold(a.getAttribute("data-choice")), href: a.getAttribute("href")};
    });
  }

  function made() {
    var b = document.getElementById("builder");
    return b ? Array.prototype.map.call(b.querySelectorAll("a.back"), function (a) {
      return fold(a.textContent);
    }) : [];
  }

  // a thing in the picture names itself one or more ways ("B1|stay at B1"); one of
  // another seat (data-seat), or one that belongs to a choice not made (data-within:
  // a place's token before the place is chosen), is not this seat's choice now
  function pick(t, choices, done) {
    var b = document.getElementById("builder");
    var owner = t.closest("[data-seat]");
    if (owner && b && owner.getAttribute("data-seat") !== b.getAttribute("data-seat")) return null;
    var within = t.getAttribute("data-within");
    if (within && !String(within).split("|").map(fold).some(function (w) {
      return done.indexOf(w) >= 0;
    })) return null;
    var all = String(t.getAttribute("data-choice")).split("|").map(fold);
    for (var i = 0; i < choices.length; i++) {
      if (all.indexOf(choices[i].choice) >= 0) return choices[i];
    }
    return null;
  }

  // the prompt says the picture takes a click only when something in it is a choice of
  // this step: the picture, not the step's name, decides
  function highlight() {
    var choices = offered(), done = made(), any = false;
    document.querySelectorAll("figure.picture [data-choice]").forEach(function (t) {
      var hit = !!pick(t, choices, done);
      t.classList.toggle("pickable", hit);
      any = any || hit;
    });
    var note = document.querySelector("#builder .inpicture");
    if (note) note.hidden = !any;
  }

  function shown(e) {
    var r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }

  // After a choice the step now asked must be in view, wherever the click was (and once
  // the move is whole, the Play button with it): beside the board the panel stays put
  // (web.css) and only shows its own top; above the board the page scrolls back up to
  // it, the whole panel if it fits, else from the step (or the box) on.
  function keepInView() {
    var act = document.getElementById("act"), b = document.getElementById("builder");
    var form = document.getElementById("moveform"), play = document.getElementById("play");
    if (!act || !b) return;
    var step = b.querySelector(".ask, .done") || b;
    var done = step.classList.contains("done") && form && play;
    if (window.getComputedStyle(act).position === "sticky") act.scrollTop = 0;
    if (shown(step) && (!done || shown(play))) return;
    var fits = act.getBoundingClientRect().height <= window.innerHeight;
    (fits ? act : done ? form : b).scrollIntoView({block: "start"});
  }

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function back(made) {
    var p = el("p", {"class": "made"}, said("chosen") + " ");
    p.appendChild(el("a", {href: "?", "class": "restart"}, said("start")));
    made.forEach(function (c, i) {
      p.appendChild(document.createTextNode(" \u203a "));
      var q = new URLSearchParams();
      made.slice(0, i).forEach(function (m) { q.append("step", m); });
      var s = q.toString();
      p.appendChild(el("a", {href: "?" + s, "class": "back", title: said("back")}, c));
    });
    return p;
  }

  // The page's sentences in its language, written by the server on the builder's element
  // (data-text-*); a sentence's {name} places take the elements given for them.
  function said(name) {
    var b = document.getElementById("builder");
    return (b && b.getAttribute("data-text-" + name)) || "";
  }

  function sentence(tag, attrs, text, parts) {
    var e = el(tag, attrs);
    text.split(/(\{[a-z_]+\})/).forEach(function (piece) {
      var m = /^\{([a-z_]+)\}$/.exec(piece);
      if (m && parts[m[1]]) e.appendChild(parts[m[1]]);
      else if (piece) e.appendChild(document.createTextNode(piece));
    });
    return e;
  }

  function draw(answer) {
    var b = document.getElementById("builder");
    var box = document.getElementById("move");
    if (!b || !box) return;
    b.textContent = "";
    b.appendChild(back(answer.made));
    if (answer.move) {
      b.appendChild(sentence("p", {"class": "done"}, said("done"), {
        move: el("code", {"class": "built"}, answer.move),
        play: el("strong", {}, said("play"))}));
      box.value = answer.move;
    } else {
      var step = document.createDocumentFragment();
      step.appendChild(el("strong", {"class": "stepname"}, answer.step));
      step.appendChild(el("span", {"class": "inpicture", hidden: ""}, " " + said("inpicture")));
      b.appendChild(sentence("p", {"class": "ask"}, said("ask"), {step: step}));
      var ul = el("ul", {"class": "choices"});
      answer.choices.forEach(function (c) {
        var li = el("li");
        li.appendChild(el("a", {"class": "choice", href: c.href, "data-choice": c.choice}, c.choice));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(el("span", {"class": "count"}, c.count));
        ul.appendChild(li);
      });
      b.appendChild(ul);
      box.value = answer.made.join(" ");
    }
    highlight();
    keepInView();
    if (answer.move) {
      var play = document.getElementById("play");
      if (play) play.focus({preventScroll: true});
    }
  }

  var asking = 0;
  function go(search, push) {
    var ask = ++asking;
    return fetch(steps + search, {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (answer) {
        if (ask !== asking) return;              // a later choice overtook this one
        var ply = document.querySelector("input[name=ply]");
        if (ply && String(answer.ply) !== ply.value) {   // the game moved on: the whole page
          window.location.assign(search); return;
        }
        var q = new URLSearchParams();          // every choice made, those taken for the player too
        answer.made.forEach(function (m) { q.append("step", m); });
        var here = "?" + q.toString();
        if (push) window.history.pushState({steps: here}, "", here);
        else window.history.replaceState({steps: here}, "", here);
        draw(answer);
      })
      .catch(function () { window.location.assign(search); });   // the page says why
  }

  document.addEventListener("click", function (e) {
    if (!e.target.closest || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var a = e.target.closest("#builder a.choice, #builder a.back, #builder a.restart");
    if (a) { e.preventDefault(); go(a.getAttribute("href"), true); return; }
    var choices = offered(), done = made();
    for (var t = e.target.closest("figure.picture [data-choice]"); t;
         t = t.parentElement && t.parentElement.closest("figure.picture [data-choice]")) {
      var hit = pick(t, choices, done);
      if (hit) { e.preventDefault(); go(hit.href, true); return; }
    }
    // a click between the parts of a thing (the gap between a village's squares): the
    // smallest choosable thing whose box holds the point
    if (!e.target.closest("figure.picture")) return;
    var best = null, area = Infinity;
    document.querySelectorAll("figure.picture [data-choice].pickable").forEach(function (t) {
      var r = t.getBoundingClientRect();
      if (e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top &&
          e.clientY <= r.bottom && r.width * r.height < area) {
        best = t; area = r.width * r.height;
      }
    });
    var found = best && pick(best, choices, done);
    if (found) { e.preventDefault(); go(found.href, true); }
  });

  window.addEventListener("popstate", function () { go(window.location.search || "?", false); });
  // the game moved on and the page followed it: a position with one move left offers
  // it at once, so the box must hold it (the box itself is kept across the swap)
  document.addEventListener("referee:swapped", function () {
    var built = document.querySelector("#builder code.built");
    var box = document.getElementById("move");
    if (built && box) box.value = built.textContent;
    // the move box is offered only while the seat may send something (its turn, or
    // its answer to the deal); the part that says so was fetched again with the rest
    var turn = document.getElementById("turn"), form = document.getElementById("moveform");
    if (turn && form) form.hidden = turn.getAttribute("data-form") !== "yes";
    highlight();
  });
  highlight();
})();
