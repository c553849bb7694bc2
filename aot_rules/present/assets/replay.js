/* The replay viewer (aot_rules.present.replay): steps through frames the engine computed at build time.
   Each frame lists only the pieces whose drawing changed; the full drawing of frame i is frame 0 with
   frames 1..i applied.  Nothing here computes a rule: it only shows what the engine recorded. */
(function () {
  if (window.AotReplay) { return; }
  var DELAY = 1700, WAY = 1200;
  // Words in the page's language (book/_ext/engine/i18n.js on the book's pages; elsewhere, a notebook, English).
  var I18N = window.aotI18n || { loaded: true, ready: null, msg: function (t, v) {
    return String(t).replace(/\{(\w+)\}/g, function (all, k) { return v && k in v ? String(v[k]) : all; });
  } };
  function msg(template, values) { return I18N.msg(template, values); }
  // Every sentence this viewer writes, in one place (the catalogue's templates: whole sentences, named values).
  var MSG = {
    play: function () { return msg("▶ Play"); },
    pause: function () { return msg("❚❚ Pause"); },
    full: function () { return msg("Full screen"); },
    leave: function () { return msg("Leave full screen"); },
    step: function (i, n) { return msg("Step {i} of {n}", { i: i, n: n }); },
    rule: function () { return msg("The rule:"); },
    choice: function (who) { return msg("{who} (the player's choice):", { who: who }); },
    die: function () { return msg("die"); }
  };
  // A message as HTML: its words escaped, a value given as markup put in where the template places it.
  function said(text, html) {
    return esc(text).replace(/\u0001(\w+)\u0001/g, function (all, k) { return html[k]; });
  }
  // every viewer of the page: the arrow keys step the one the reader sees most of, focused or not
  var viewers = [];
  function editable(t) {
    return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  }
  document.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || editable(e.target)) { return; }
    var inside = null, best = null, most = 0;
    viewers.forEach(function (v) {
      if (v.root.contains(document.activeElement)) { inside = v; }
      var r = v.root.getBoundingClientRect();
      var seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
      if (seen > most) { most = seen; best = v; }
    });
    var v = inside || best;
    if (v && v.key(e, !!inside)) { e.preventDefault(); }
  });
  // a base's middle on the board, from the transform that places it (draw.pose_transform: its first translate)
  function middle(t) {
    var m = /^translate\(([-\d.]+)px,([-\d.]+)px\)/.exec(t || "");
    return m ? [+m[1], +m[2]] : null;
  }
  function reduced() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }
  function dice(d) {
    return d.map(function (x) {
      var t = (x[2] || MSG.die()) + (x[3] !== 6 ? " (d" + x[3] + ")" : "") + (x[1] ? ": " + x[1] : "");
      return '<span class="rp-die ' + esc(x[1] || "none") + '" title="' + esc(t) + '">' + x[0] + "</span>";
    }).join("");
  }
  function caption(f, i, n) {
    var h = '<p class="rp-head"><b>' + esc(MSG.step(i, n)) + "</b> · " + esc(f.g) + " — " + esc(f.ti) + "</p>";
    if (f.y) { h += '<p class="rp-why"><span>' + esc(MSG.rule()) + "</span> " + esc(f.y) + "</p>"; }
    h += "<ul>";
    f.ln.forEach(function (l) {
      var rule = l.r ? (l.h ? '<a class="rp-rule" href="' + esc(l.h) + '">' + esc(l.r) + "</a> "
                            : '<span class="rp-rule">' + esc(l.r) + "</span> ") : "";
      var who = !l.w ? "" : l.k === "decision" ? said(MSG.choice("\u0001w\u0001"), { w: "<b>" + esc(l.w) + "</b>" }) + " "
        : "<b>" + esc(l.w) + "</b>: ";
      var dd = l.d.length ? ' <span class="rp-dice">' + dice(l.d) + "</span>" : "";
      h += '<li class="rp-' + esc(l.k) + '">' + rule + who + esc(l.t) + dd + "</li>";
    });
    return h + "</ul>";
  }
  // A whole battle's payload ships each repeated string once (html.py's POOLED keys): put them back in place.
  var POOLED = { frame: ["y", "g"], piece: ["b", "x", "t"], line: ["h"] };
  function unpool(data) {
    var s = data.s;
    function back(o, keys) { keys.forEach(function (k) { if (typeof o[k] === "number") { o[k] = s[o[k]]; } }); }
    data.f.forEach(function (f) {
      back(f, POOLED.frame);
      Object.keys(f.c).forEach(function (pid) { back(f.c[pid], POOLED.piece); });
      f.ln.forEach(function (l) { back(l, POOLED.line); });
    });
  }
  // A whole battle's step list and step anchors, written from the frames (the page does not carry them twice).
  function build(root, slug, frames) {
    var list = root.querySelector(".rp-list[data-build]"), spots = root.querySelector(".rp-anchors[data-build]");
    if (spots) {
      frames.forEach(function (f, i) {
        var a = document.createElement("span");
        a.id = slug + "-step-" + i;
        spots.appendChild(a);
      });
    }
    if (!list) { return; }
    var group = null, ol = null;
    frames.forEach(function (f, i) {
      if (f.g !== group) {
        var head = document.createElement("p");
        head.textContent = f.g;
        ol = document.createElement("ol");
        list.appendChild(head);
        list.appendChild(ol);
        group = f.g;
      }
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = "#" + slug + "-step-" + i;
      a.dataset.i = String(i);
      a.textContent = i + ". " + f.ti;
      li.appendChild(a);
      ol.appendChild(li);
    });
  }
  function init(root) {
    if (!root || root.dataset.ready) { return; }
    root.dataset.ready = "1";
    var slug = root.dataset.slug;
    var data = JSON.parse(root.querySelector('script[type="application/aot-replay+json"]').textContent);
    if (data.s) { unpool(data); }
    var frames = data.f, n = frames.length - 1;
    build(root, slug, frames);
    var full = [], acc = {};
    frames.forEach(function (f) {
      acc = Object.assign({}, acc, f.c);
      full.push(acc);
    });
    var svg = root.querySelector("svg.aot-board");
    var pieces = {};
    root.querySelectorAll("g.pc").forEach(function (g) {
      pieces[g.dataset.pid] = { g: g, pose: g.querySelector("g.pose"), loose: g.querySelector("g.loose"),
                                lbl: g.querySelector("text.lbl"), tip: g.querySelector("title"),
                                v: full[0][g.dataset.pid] };
      // a tap (or a click) on a base writes its details under the board; hovering shows them as its title
      g.addEventListener("click", function () {
        var p = pieces[g.dataset.pid];
        if (unit && p.v) { unit.textContent = p.v.t; }
      });
    });
    var unit = root.querySelector(".rp-unit");
    var paths = root.querySelector("g.paths");
    var cap = root.querySelector(".rp-caption");
    var slider = root.querySelector(".rp-slider");
    var out = root.querySelector(".rp-index");
    var play = root.querySelector(".rp-play");
    var items = root.querySelectorAll(".rp-list a[data-i]");
    var turns = root.querySelectorAll(".rp-turns a[data-i]");
    var at = 0, timer = null;

    var running = [];
    function show(i, animate) {
      i = Math.max(0, Math.min(n, i));
      running.forEach(function (a) { a.cancel(); });
      running = [];
      root.classList.toggle("rp-jump", !animate || reduced());
      // one step forward: a base whose way the engine recorded (a wheel, a retreat that turns and then goes)
      // follows it through its keyframes instead of gliding straight to its new place
      var ways = animate && !reduced() && i === at + 1 && frames[i].m ? frames[i].m : {};
      var now = full[i];
      Object.keys(now).forEach(function (pid) {
        var p = pieces[pid], v = now[pid];
        if (!p || p.v === v) { return; }
        p.g.style.display = v.s ? "" : "none";
        p.pose.style.transform = v.p;
        var way = ways[pid];
        if (way && p.pose.animate) {
          var g = p.pose;
          g.style.transition = "none";
          var a = g.animate(way.map(function (k) { return { transform: k[0], offset: k[1] }; }),
                            { duration: WAY, easing: "ease-in-out" });
          a.onfinish = a.oncancel = function () { g.style.transition = ""; };
          running.push(a);
        }
        if (!p.v || p.v.b !== v.b) { p.pose.innerHTML = v.b; }
        // the loose figures are redrawn where they stand after the step: they start from where the base was
        // and glide with it, instead of waiting at the base's destination
        var was = animate && !reduced() && p.v ? middle(p.v.p) : null, will = middle(v.p);
        p.loose.innerHTML = v.x;
        if (was && will && v.x && (was[0] !== will[0] || was[1] !== will[1])) {
          p.loose.style.transition = "none";
          p.loose.style.transform = "translate(" + (was[0] - will[0]) + "px," + (was[1] - will[1]) + "px)";
          p.loose.getBoundingClientRect();
          p.loose.style.transition = "";
          p.loose.style.transform = "";
        }
        p.lbl.style.transform = v.la;
        p.lbl.textContent = v.l;
        if (p.tip) { p.tip.textContent = v.t; }
        p.v = v;
      });
      if (paths) { paths.innerHTML = frames[i].pa; }
      cap.innerHTML = caption(frames[i], i, n);
      slider.value = String(i);
      out.textContent = i + " / " + n;
      items.forEach(function (a) {
        if (+a.dataset.i === i) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
      });
      turns.forEach(function (a) {
        if (frames[+a.dataset.i].n === frames[i].n) { a.setAttribute("aria-current", "true"); }
        else { a.removeAttribute("aria-current"); }
      });
      var cur = root.querySelector('.rp-list a[aria-current]');
      var list = root.querySelector(".rp-list");
      if (cur && list && list.scrollHeight > list.clientHeight) {
        list.scrollTop = cur.parentNode.offsetTop - list.offsetTop - list.clientHeight / 2;
      }
      root.dataset.step = String(i);
      at = i;
    }
    function stop() {
      if (timer) { clearTimeout(timer); timer = null; }
      play.textContent = MSG.play();
      play.setAttribute("aria-pressed", "false");
    }
    function go(i, animate) { show(i, animate); }
    function link(i) {
      if (history.replaceState) { history.replaceState(null, "", "#" + slug + "-step-" + i); }
    }
    var speed = root.querySelector(".rp-speed");
    function pace() { return DELAY / (speed ? +speed.value || 1 : 1); }
    function tick() {
      if (at >= n) { stop(); return; }
      go(at + 1, true);
      link(at);
      timer = setTimeout(tick, pace());
    }
    function toggle() {
      if (timer) { stop(); return; }
      if (at >= n) { go(0, false); link(at); }
      play.textContent = MSG.pause();
      play.setAttribute("aria-pressed", "true");
      tick();
    }
    function jump(i, animate) { stop(); go(i, animate); link(at); }
    root.querySelector(".rp-step").addEventListener("click", function () { jump(at + 1, true); });
    root.querySelector(".rp-back").addEventListener("click", function () { jump(at - 1, true); });
    var first = root.querySelector(".rp-first"), last = root.querySelector(".rp-last");
    if (first) { first.addEventListener("click", function () { jump(0, false); }); }
    if (last) { last.addEventListener("click", function () { jump(n, false); }); }
    play.addEventListener("click", toggle);
    // full screen: the whole viewer (board, caption beside it, steps), Escape or the button leaves it
    var fsb = root.querySelector(".rp-full");
    if (fsb && !root.requestFullscreen) { fsb.hidden = true; }
    if (fsb && root.requestFullscreen) {
      fsb.addEventListener("click", function () {
        if (document.fullscreenElement === root) { document.exitFullscreen(); } else { root.requestFullscreen(); }
      });
      document.addEventListener("fullscreenchange", function () {
        var on = document.fullscreenElement === root;
        root.classList.toggle("rp-full-on", on);
        fsb.textContent = on ? MSG.leave() : MSG.full();
        fsb.setAttribute("aria-pressed", on ? "true" : "false");
        fit();
      });
    }
    slider.addEventListener("input", function () { jump(+slider.value, false); });
    // the arrow keys whenever this viewer is the one on screen; Space, Home and End once it has the focus
    // (elsewhere they scroll the page, and Space on a button presses it)
    viewers.push({ root: root, key: function (e, focused) {
      if (e.key === "ArrowRight") { jump(at + 1, true); return true; }
      if (e.key === "ArrowLeft") { jump(at - 1, true); return true; }
      if (!focused) { return false; }
      if (e.key === "Home") { jump(0, false); return true; }
      if (e.key === "End") { jump(n, false); return true; }
      if ((e.key === " " || e.key === "Spacebar") && e.target.tagName !== "BUTTON" && e.target.tagName !== "SUMMARY") {
        toggle(); return true;
      }
      return false;
    } });
    items.forEach(function (a) {
      a.addEventListener("click", function (e) { e.preventDefault(); stop(); go(+a.dataset.i, false); link(at); });
    });
    turns.forEach(function (a) {
      a.addEventListener("click", function (e) { e.preventDefault(); jump(+a.dataset.i, false); });
    });
    function fit() {
      if (!svg) { return; }
      var w = svg.getBoundingClientRect().width;
      if (w > 0) { svg.style.setProperty("--px", String(svg.viewBox.baseVal.width / w)); }
    }
    fit();
    if (svg && window.ResizeObserver) { new ResizeObserver(fit).observe(svg); } else { window.addEventListener("resize", fit); }
    function fromHash(first) {
      var m = new RegExp("^#" + slug + "-step-(\\d+)$").exec(location.hash);
      if (!m) { return; }
      stop();
      go(+m[1], false);
      land();
      // the browser's own jump to the anchor may come after this script, once the page has loaded
      if (first && document.readyState !== "complete") { window.addEventListener("load", land); }
    }
    function land() {
      // the board's top just under the page's sticky header, so the board and the caption under (or beside)
      // it are in view together
      // (the theme has two: the page header, none tall on a wide screen, and the article's, which stays)
      var top = (svg || cap).getBoundingClientRect().top;
      var under = 0;
      document.querySelectorAll(".bd-header, .bd-header-article").forEach(function (head) {
        var pos = getComputedStyle(head).position;
        if (pos === "sticky" || pos === "fixed") { under = Math.max(under, head.getBoundingClientRect().height); }
      });
      var y = window.scrollY + top - under - 8;
      window.scrollTo(0, Math.max(0, y));
    }
    window.addEventListener("hashchange", function () { fromHash(false); });
    show(0, false);
    fromHash(true);
    // The page's language: its words may arrive after the viewer has started (English is there at once).
    function relabel() {
      play.textContent = timer ? MSG.pause() : MSG.play();
      if (fsb) { fsb.textContent = document.fullscreenElement === root ? MSG.leave() : MSG.full(); }
      cap.innerHTML = caption(frames[at], at, n);
    }
    if (I18N.loaded) { if (I18N.lang && I18N.lang !== "en") { relabel(); } } else if (I18N.ready) { I18N.ready.then(relabel); }
  }
  window.AotReplay = { init: init };
})();
