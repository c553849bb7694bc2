/* The replay viewer (aot_rules.present.replay): steps through frames the engine computed at build time.
   Each frame lists only the pieces whose drawing changed; the full drawing of frame i is frame 0 with
   frames 1..i applied.  Nothing here computes a rule: it only shows what the engine recorded. */
(function () {
  if (window.AotReplay) { return; }
  var DELAY = 1700, WAY = 1200;
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
      var t = (x[2] || "die") + (x[3] !== 6 ? " (d" + x[3] + ")" : "") + (x[1] ? ": " + x[1] : "");
      return '<span class="rp-die ' + esc(x[1] || "none") + '" title="' + esc(t) + '">' + x[0] + "</span>";
    }).join("");
  }
  function caption(f, i, n) {
    var h = '<p class="rp-head"><b>Step ' + i + " of " + n + "</b> · " + esc(f.g) + " — " + esc(f.ti) + "</p>";
    if (f.y) { h += '<p class="rp-why"><span>The rule:</span> ' + esc(f.y) + "</p>"; }
    h += "<ul>";
    f.ln.forEach(function (l) {
      var rule = l.r ? (l.h ? '<a class="rp-rule" href="' + esc(l.h) + '">' + esc(l.r) + "</a> "
                            : '<span class="rp-rule">' + esc(l.r) + "</span> ") : "";
      var who = l.w ? "<b>" + esc(l.w) + "</b>" + (l.k === "decision" ? " (the player's choice)" : "") + ": " : "";
      var dd = l.d.length ? ' <span class="rp-dice">' + dice(l.d) + "</span>" : "";
      h += '<li class="rp-' + esc(l.k) + '">' + rule + who + esc(l.t) + dd + "</li>";
    });
    return h + "</ul>";
  }
  function init(root) {
    if (!root || root.dataset.ready) { return; }
    root.dataset.ready = "1";
    var slug = root.dataset.slug;
    var data = JSON.parse(root.querySelector('script[type="application/aot-replay+json"]').textContent);
    var frames = data.f, n = frames.length - 1;
    var full = [], acc = {};
    frames.forEach(function (f) {
      acc = Object.assign({}, acc, f.c);
      full.push(acc);
    });
    var svg = root.querySelector("svg.aot-board");
    var pieces = {};
    root.querySelectorAll("g.pc").forEach(function (g) {
      pieces[g.dataset.pid] = { g: g, pose: g.querySelector("g.pose"), loose: g.querySelector("g.loose"),
                                lbl: g.querySelector("text.lbl"), v: full[0][g.dataset.pid] };
    });
    var paths = root.querySelector("g.paths");
    var cap = root.querySelector(".rp-caption");
    var slider = root.querySelector(".rp-slider");
    var out = root.querySelector(".rp-index");
    var play = root.querySelector(".rp-play");
    var items = root.querySelectorAll(".rp-list a[data-i]");
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
        p.loose.innerHTML = v.x;
        p.lbl.style.transform = v.la;
        p.lbl.textContent = v.l;
        p.v = v;
      });
      if (paths) { paths.innerHTML = frames[i].pa; }
      cap.innerHTML = caption(frames[i], i, n);
      slider.value = String(i);
      out.textContent = i + " / " + n;
      items.forEach(function (a) {
        if (+a.dataset.i === i) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
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
      if (timer) { clearInterval(timer); timer = null; }
      play.textContent = "▶ Play";
      play.setAttribute("aria-pressed", "false");
    }
    function go(i, animate) { show(i, animate); }
    function link(i) {
      if (history.replaceState) { history.replaceState(null, "", "#" + slug + "-step-" + i); }
    }
    root.querySelector(".rp-step").addEventListener("click", function () { stop(); go(at + 1, true); link(at); });
    root.querySelector(".rp-back").addEventListener("click", function () { stop(); go(at - 1, true); link(at); });
    play.addEventListener("click", function () {
      if (timer) { stop(); return; }
      if (at >= n) { go(0, false); }
      play.textContent = "❚❚ Pause";
      play.setAttribute("aria-pressed", "true");
      go(at + 1, true);
      timer = setInterval(function () {
        if (at >= n) { stop(); return; }
        go(at + 1, true);
      }, DELAY);
    });
    slider.addEventListener("input", function () { stop(); go(+slider.value, false); link(at); });
    root.addEventListener("keydown", function (e) {
      if (e.target && e.target.tagName === "INPUT") { return; }
      if (e.key === "ArrowRight") { stop(); go(at + 1, true); link(at); e.preventDefault(); }
      if (e.key === "ArrowLeft") { stop(); go(at - 1, true); link(at); e.preventDefault(); }
    });
    items.forEach(function (a) {
      a.addEventListener("click", function (e) { e.preventDefault(); stop(); go(+a.dataset.i, false); link(at); });
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
      if (first) { root.scrollIntoView({ block: "start" }); }
    }
    window.addEventListener("hashchange", function () { fromHash(false); });
    show(0, false);
    fromHash(true);
  }
  window.AotReplay = { init: init };
})();
