// The static widget's whole job in the browser: find the precomputed exact summary for the controls'
// setting and lay it out.  It never computes a probability (its one sum: the "at most" column, one minus a
// fraction the table holds, exactly).  Loaded once per page that has a widget
// (book/_ext/aot_bokeh.py); each widget's Bokeh CustomJS calls window.aotWidget with its own models (see
// static.py: axes, ctrls, flagsets, extras, xctrls, rid, src, xr, div, err, bodies, toggles, why).  A setting
// outside the table (any other value the CLI accepts) is asked of the rules engine running in the reader's
// browser (window.aotEngine, book/_ext/engine/client.js), and its answer is laid out the same way.
(function () {
  'use strict';
  if (window.aotWidget) { return; }
  // Words and numbers in the page's language (book/_ext/engine/i18n.js, loaded before this script on every page).
  const I18N = window.aotI18n;
  const {msg} = I18N;
  // A message as HTML: its words escaped, and each value named in `html` put in as the markup given (a bold name,
  // a link), so a translation may move it anywhere in the sentence.
  const said = (text, html) => esc(text).replace(/\u0001(\w+)\u0001/g, (all, k) => html[k]);
  const slot = (k) => '\u0001' + k + '\u0001';
  // Every sentence this script writes, in one place (the catalogue's templates: whole sentences, named values).
  const MSG = {
    refusedAt: (controls) => said(msg('No answer: see the message under {controls}.', {controls: slot('c')}), {c: controls}),
    refused: () => esc(msg('No answer: see the message under the controls.')),
    notAllowedAt: (controls, why) => said(msg('Not allowed: {controls}: {why}', {controls: slot('c'), why}), {c: controls}),
    notAllowed: (why) => esc(msg('Not allowed: {why}', {why})),
    outside: () => said(msg('This setting is outside the precomputed table: answers outside the tables need the site served ({command}).',
      {command: slot('c')}), {c: '<code>make serve</code>'}),
    computing: () => esc(msg('computing…')),
    why: (facts, rule) => said(msg('Why: {facts} — {rule}', {facts: slot('f'), rule: slot('r')}), {f: facts, r: rule}),
    exact: () => esc(msg('exact')),
    atLeast: () => esc(msg('at least')),
    atMost: () => esc(msg('at most')),
    exactly: (fraction) => esc(msg('exact: {fraction}', {fraction})),
    stats: (mean, approx, median) => said(msg('mean {mean} ({approx}) · median {median}',
      {mean: slot('m'), approx, median: slot('d')}), {m: mean, d: median}),
  };
  const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
  const digit = {};
  for (let i = 0; i < DIGITS.length; i++) { digit[DIGITS[i]] = i; }
  const decode = (t, at, w) => { let n = 0; for (let j = at; j < at + w; j++) { n = n * 64 + digit[t[j]]; } return n; };
  const tables = {};
  // The packed table (static.Table.payload; static.lookup does the same in Python): setting k's answer is
  // result x[k], a shape whose every null is filled, in order, from the pool; each fact is a column of its own (f: name, width, values, the axes it depends on, one number per
  // setting of those axes; n: each axis's number of values).
  function table(rid) {
    if (!tables[rid]) { tables[rid] = JSON.parse(document.getElementById('aot-table-' + rid).textContent); }
    return tables[rid];
  }
  function lookup(T, k) {
    const s = T.r[decode(T.x, k * T.wi, T.wi)];
    let at = T.wr;
    const fill = (x) => {
      if (x === null) { const v = T.p[decode(s, at, T.wr)]; at += T.wr; return v; }
      if (Array.isArray(x)) { return x.map(fill); }
      const o = {};
      for (const key of Object.keys(x)) { o[key] = fill(x[key]); }
      return o;
    };
    const r = fill(T.s[decode(s, 0, T.wr)]);
    const pos = [];  // each axis's position: the setting number's mixed-radix digits
    let rest = k;
    for (let a = (T.n || []).length - 1; a >= 0; a--) { pos[a] = rest % T.n[a]; rest = Math.floor(rest / T.n[a]); }
    const facts = (T.f || []).map(([name, w, values, keep, column]) => {
      let sub = 0;
      for (const a of keep) { sub = sub * T.n[a] + pos[a]; }
      return [name, values[decode(column, sub * w, w)]];
    }).filter(([, v]) => v !== null);
    if (facts.length) { r.i = facts; }
    return r;
  }
  // aot_rules/core/format.py percent_str and precise_percent in the page's language (i18n.js; a test keeps them equal).
  const {num, pct, isShort, display, fixed} = I18N;
  // The display rule (i18n.js display, after aot_rules/core/format.py; render.fraction_html lays out the same HTML):
  // a short fraction as it is, a longer one as a percentage that opens onto the exact fraction on tap.
  // Each number sits in a span that never wraps (widget.css .aot-n): a narrow column may break a fraction only at
  // its bar (<wbr>), and a percentage ("> 99.99%") not at all.
  const shown = (f) => {
    if (isShort(f)) {
      return f.split('/').map((part) => '<span class="aot-n">' + part).join('/</span><wbr>') + '</span>';
    }
    return '<details class="aot-exact"><summary title="' + MSG.exactly(f) + '"><span class="aot-n">' +
           esc(display(f)) + '</span></summary><code>' + f + '</code></details>';
  };
  const pctHtml = (f) => '<span class="aot-n">' + esc(pct(f)) + '</span>';
  /** P(at most this outcome) = 1 − P(at least the next one), exactly, from the table's own reduced fractions: for a
      reduced a/b, (b − a)/b is reduced too.  The one sum this script does; it adds no probability of its own. */
  const complement = (f) => {
    const [a, b] = String(f).split('/');
    const d = BigInt(b === undefined ? 1 : b), n = d - BigInt(a);
    return d === 1n ? String(n) : n + '/' + d;
  };
  const unpack = (t) => t.split(';').map((row) => row.split(':').map(decodeURIComponent));  // static.py escapes : ; %
  const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const same = (v) => String(v === null || v === undefined ? '' : v).replace(/\s+/g, '');
  const EMPTY = {x: [], top: [], frac: [], pct: [], color: []};

  // An engine answer's summary in the table's form (static.table_form: laws as "o:p:ge;…", facts as pairs).
  function tableForm(s) {
    const pack = (rows) => rows.map((r) => r.map((c) => String(c).replace(/%/g, '%25').replace(/:/g, '%3A')
      .replace(/;/g, '%3B')).join(':')).join(';');
    const r = Object.assign({}, s, {m: pack(s.m)});
    if (s.o) { r.o = s.o.map(([n, rows]) => [n, pack(rows)]); }
    if (s.i) { r.i = Object.entries(s.i); }
    return r;
  }

  window.aotWidget = function (w) {
    // The page's language first: until its messages have arrived, the widget waits (English is ready at once).
    if (!I18N.loaded) { I18N.ready.then(() => window.aotWidget(w)); return; }
    const {axes, ctrls, flagsets, rid, src, xr, div, err, extras, xctrls, bodies, toggles, why} = w;
    const T = table(rid);
    const on = (spec) => flagsets[spec.fg].active.includes(spec.flag);

    // A phone opens with the sections of a fight folded, so the answer stays in view; a tap unfolds one.
    const init = (window.__aotInit = window.__aotInit || {});
    if (!init[rid]) {
      init[rid] = true;
      if (window.matchMedia && window.matchMedia('(max-width: 600px)').matches) {
        bodies.forEach((b, i) => { if (toggles[i]) { b.visible = false; toggles[i].active = false; } });
      }
    }

    // What the controls say: each table axis's position, and each input's value as the CLI would take it.
    function setting() {
      let k = 0, inside = true;
      const values = {};
      for (let i = 0; i < axes.length; i++) {
        const a = axes[i];
        const v = a.kind === 'flag' ? (on(a) ? 'true' : 'false') : String(ctrls[i].value);
        if (a.kind === 'flag') { values[a.name] = v === 'true'; } else if (v !== 'None' && v.trim() !== '') { values[a.name] = v.trim(); }
        const pos = a.values.findIndex((x) => same(x) === same(v));
        if (pos < 0) { inside = false; }
        k += (pos < 0 ? 0 : pos) * a.stride;
      }
      for (let j = 0; j < extras.length; j++) {
        const e = extras[j];
        const v = e.kind === 'flag' ? (on(e) ? 'true' : 'false') : String(xctrls[j].value);
        if (same(v) !== same(e.fixed) && !(same(v) === 'None' && e.fixed === '')) { inside = false; }
        if (e.kind === 'flag') { values[e.name] = v === 'true'; }
        else if (same(v) !== '' && v !== 'None') { values[e.name] = v.trim(); }
      }
      return {k, inside, values};
    }

    // The control an input is set with (a flag's is its checkbox group).
    function control(name) {
      const i = axes.findIndex((a) => a.name === name);
      if (i >= 0) { return axes[i].kind === 'flag' ? flagsets[axes[i].fg] : ctrls[i]; }
      const j = extras.findIndex((e) => e.name === name);
      if (j >= 0) { return extras[j].kind === 'flag' ? flagsets[extras[j].fg] : xctrls[j]; }
      return null;
    }
    const title = (name) => { const x = extras.find((e) => e.name === name) || axes.find((e) => e.name === name);
      return (x && x.title) || name; };

    // A refusal: the engine's one line, under the control at fault (the first of them), never in the answer.
    function clearError() {
      err.visible = false;
      for (const b of bodies) { if (b.children.includes(err)) { b.children = b.children.filter((c) => c !== err); } }
    }
    function showError(line, at) {
      clearError();
      src.data = EMPTY;
      div.text = '<div class="aot-refused" data-refused="1">' +
        (at.length ? MSG.refusedAt('<b>' + esc(at.map(title).join(', ')) + '</b>') : MSG.refused()) + '</div>';
      const c = at.map(control).find((x) => x);
      const home = bodies.find((b) => c && b.children.includes(c)) || bodies[0];
      const kids = home.children.slice();
      const pos = c ? kids.indexOf(c) + 1 : kids.length;
      kids.splice(pos, 0, err);
      err.text = '<div class="aot-err" data-error="1" role="alert" style="color:#9b1c1c;background:#fdecec;' +
        'padding:6px 10px;border-radius:4px;overflow-wrap:anywhere">' +
        (at.length ? MSG.notAllowedAt('<b>' + esc(at.map(title).join(', ')) + '</b>', line) : MSG.notAllowed(line)) + '</div>';
      err.visible = true;
      home.children = kids;
      if (home.visible === false) { home.visible = true; const t = toggles[bodies.indexOf(home)]; if (t) { t.active = true; } }
    }

    // Outside the table: the engine answers, with a short "computing…" state; a later change wins.
    function askEngine(values) {
      const seqs = (window.__aotAsked = window.__aotAsked || {});
      const mine = (seqs[rid] = (seqs[rid] || 0) + 1);
      const engine = window.aotEngine;
      clearError();
      if (!engine || !engine.available) {
        src.data = EMPTY;
        div.text = '<div class="aot-err aot-offline" data-offline="1">' + MSG.outside() + '</div>';
        return;
      }
      div.text = '<div class="aot-busy" data-busy="1">' + MSG.computing() + '</div>' + div.text.replace(/^<div class="aot-busy"[^]*?<\/div>/, '');
      engine.ask(rid, values).then((a) => {
        if (seqs[rid] !== mine) { return; }
        if (!a.ok) { showError(a.message + ' (' + a.rule_id + ')', a.params || []); return; }
        render(tableForm(a.summary), true);
      }, (e) => { if (seqs[rid] === mine) { showError(String(e.message || e), []); } });
    }

    // Why, in one line: the facts the answer rests on (or what the rule does), and a link to the rule's section.
    function whyLine(r) {
      const facts = (r.i || []).map(([k2, v2]) => esc(String(k2).replace(/_/g, ' ')) + ': <b>' +
        esc(Array.isArray(v2) ? v2.join('+') : v2) + '</b>').join(' · ');
      return '<div class="aot-why" data-why="1">' + MSG.why(facts || esc(why.summary), '<a href="' + esc(why.href) +
        '" data-rule-link="' + esc(rid) + '">' + esc(why.rule) + '</a>') + '</div>';
    }

    function render(r, computed) {
      if (r.err !== undefined) { showError(r.err, r.at || []); return; }
      clearError();
      const rows = unpack(r.m);
      const xs = rows.map((row) => row[0]);
      xr.factors = xs;
      // Three categories read as win · draw · loss (green, grey, red); any other number of categories has no
      // such order, so they share one neutral colour rather than paint a bad result green.
      const categorical = !(rows.length && rows[0].length > 2) && rows.length === 3;
      const palette = ['#3b8c4a', '#8a8f98', '#b5453a'];  // e.g. A wins · continue · B wins
      src.data = {x: xs, top: rows.map((row) => num(row[1])), frac: rows.map((row) => row[1]),
                  pct: rows.map((row) => pct(row[1])),
                  color: rows.map((row, i) => categorical ? palette[i % palette.length] : '#3b6ea5')};
      let h = whyLine(r);
      const tail = rows.length && rows[0].length > 2;
      // "at most" beside "at least": this outcome or a smaller one, 1 − P(at least the next outcome).
      const most = tail ? rows.map((row, i) => (i + 1 < rows.length ? complement(rows[i + 1][2]) : '1')) : [];
      h += '<div class="aot-scroll"><table class="aot' + (tail ? ' aot-tail' : '') + '" data-main="' + esc(r.t) + '"' + (computed ? ' data-computed="1"' : '') +
           '><tr><th>' + esc(r.t) + '</th><th>' + MSG.exact() + '</th><th>%</th>' +
           (tail ? '<th>' + MSG.atLeast() + '</th><th>%</th><th>' + MSG.atMost() + '</th><th>%</th>' : '') + '</tr>';
      rows.forEach((row, i) => {
        h += '<tr data-o="' + esc(row[0]) + '" data-p="' + row[1] + '"' +
             (tail ? ' data-ge="' + row[2] + '" data-le="' + most[i] + '"' : '') + '><td class="o">' + esc(row[0]) +
             '</td><td class="f">' + shown(row[1]) + '</td><td class="pc">' + pctHtml(row[1]) + '</td>' +
             (tail ? '<td class="f">' + shown(row[2]) + '</td><td class="pc">' + pctHtml(row[2]) + '</td><td class="f">' +
              shown(most[i]) + '</td><td class="pc">' + pctHtml(most[i]) + '</td>' : '') + '</tr>';
      });
      h += '</table></div>';
      if (r.mean !== undefined) {
        h += '<div class="aot-stats">' + MSG.stats('<b data-mean="' + r.mean + '">' + shown(r.mean) + '</b>',
             fixed(num(r.mean), 3), '<b>' + esc(r.med) + '</b>') + '</div>';
      }
      for (const [name, pk] of (r.o || [])) {
        h += '<div class="aot-other"><b>' + esc(name) + '</b>: ' + unpack(pk).map((row) => esc(row[0]) + ' → ' +
             shown(row[1]) + ' (' + pctHtml(row[1]) + ')').join(' · ') + '</div>';
      }
      for (const [name, p] of (r.e || [])) {
        h += '<div class="aot-ev" data-event="' + esc(name) + '" data-p="' + p + '">P(' + esc(name) + ') = <b>' +
             shown(p) + '</b> (' + pctHtml(p) + ')</div>';
      }
      div.text = h;
    }

    const now = setting();
    if (now.inside) {
      const seqs = (window.__aotAsked = window.__aotAsked || {});
      seqs[rid] = (seqs[rid] || 0) + 1;  // an engine answer still on its way is for an older setting: it loses
      render(lookup(T, now.k), false);
    } else {
      askEngine(now.values);
    }
  };
})();
