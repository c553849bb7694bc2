// The static widget's whole job in the browser: find the precomputed exact summary for the controls'
// setting and lay it out.  It never computes a probability.  Bokeh's CustomJS runs it with the
// arguments axes, ctrls, flags, rid, src, xr, div, extras and xctrls (see static.py).  A setting
// outside the table (any other value the CLI accepts) is asked of the rules engine running in the
// reader's browser (window.aotEngine, book/_ext/engine/client.js), and its answer is laid out the same way.
const cache = (window.__aotTables = window.__aotTables || {});
if (!cache[rid]) { cache[rid] = JSON.parse(document.getElementById('aot-table-' + rid).textContent); }
const index = cache[rid].index, results = cache[rid].results, labels = cache[rid].labels;
const pct = (f) => { const [a, b] = f.split('/'); const v = b === undefined ? Number(a) : Number(a) / Number(b);
  return (100 * v).toFixed(2) + '%'; };
// The display rule (aot_rules/core/format.py, FRACTION_DIGITS; render.fraction_html lays out the same HTML): a
// fraction whose parts have at most 9 digits as it is, a longer one as a percentage that opens onto the exact
// fraction on tap.
const FRACTION_DIGITS = 9;
const shown = (f) => {
  if (f.split('/').every((part) => part.replace('-', '').length <= FRACTION_DIGITS)) return f.replace('/', '/<wbr>');
  const v = 100 * num(f);
  const p = (v === 0 || v >= 1) ? v.toFixed(2) : v.toFixed(4 - 1 - Math.floor(Math.log10(v)));
  return '<details class="aot-exact"><summary title="exact: ' + f + '">≈' + p + '%</summary><code>' + f +
         '</code></details>';
};
const num = (f) => { const [a, b] = f.split('/'); return b === undefined ? Number(a) : Number(a) / Number(b); };
const unpack = (t) => t.split(';').map((row) => row.split(':').map(decodeURIComponent));  // static.py escapes : ; %
const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const same = (v) => String(v === null || v === undefined ? '' : v).replace(/\s+/g, '');

// What the controls say: each table axis's position, and each input's value as the CLI would take it.
function setting() {
  let k = 0, inside = true;
  const values = {};
  for (let i = 0; i < axes.length; i++) {
    const a = axes[i]; let v;
    if (a.kind === 'flag') { v = flags.active.includes(a.flag) ? 'true' : 'false'; }
    else { v = String(ctrls[i].value); }
    if (a.kind === 'flag') { values[a.name] = v === 'true'; } else if (v !== 'None' && v.trim() !== '') { values[a.name] = v.trim(); }
    const pos = a.values.findIndex((x) => same(x) === same(v));
    if (pos < 0) { inside = false; }
    k += (pos < 0 ? 0 : pos) * a.stride;
  }
  for (let j = 0; j < (extras || []).length; j++) {
    const e = extras[j];
    const v = e.kind === 'flag' ? (flags.active.includes(e.flag) ? 'true' : 'false') : String(xctrls[j].value);
    if (same(v) !== same(e.fixed) && !(same(v) === 'None' && e.fixed === '')) { inside = false; }
    if (e.kind === 'flag') { values[e.name] = v === 'true'; }
    else if (same(v) !== '' && v !== 'None') { values[e.name] = v.trim(); }
  }
  return {k, inside, values};
}

// An engine answer's summary in the table's packed form (labels by position, laws as "o:p:ge;…").
function packed(s, L) {
  const ix = (t) => { let i = L.indexOf(t); if (i < 0) { i = L.length; L.push(t); } return i; };
  const pack = (rows) => rows.map((r) => r.map((c) => String(c).replace(/%/g, '%25').replace(/:/g, '%3A')
    .replace(/;/g, '%3B')).join(':')).join(';');
  const r = {t: ix(s.t), m: pack(s.m)};
  if (s.mean !== undefined) { r.mean = s.mean; r.med = s.med; }
  if (s.o) { r.o = s.o.map(([n, rows]) => [ix(n), pack(rows)]); }
  if (s.e) { r.e = s.e.map(([n, p]) => [ix(n), p]); }
  if (s.i) { r.i = Object.entries(s.i).map(([k2, v2]) => [ix(k2), v2]); }
  return r;
}

function showError(message) {
  src.data = {x: [], top: [], frac: [], pct: [], color: []};
  div.text = '<div class="aot-err" data-error="1">Not allowed: ' + message + '</div>';
}

// Outside the table: the engine answers, with a short "computing…" state; a later change wins.
function askEngine(values) {
  const seqs = (window.__aotAsked = window.__aotAsked || {});
  const mine = (seqs[rid] = (seqs[rid] || 0) + 1);
  const engine = window.aotEngine;
  if (!engine || !engine.available) {
    src.data = {x: [], top: [], frac: [], pct: [], color: []};
    div.text = '<div class="aot-err aot-offline" data-offline="1">This setting is outside the precomputed table: ' +
      'answers outside the tables need the site served (<code>make serve</code>).</div>';
    return;
  }
  div.text = '<div class="aot-busy" data-busy="1">computing…</div>' + div.text.replace(/^<div class="aot-busy"[^]*?<\/div>/, '');
  engine.ask(rid, values).then((a) => {
    if (seqs[rid] !== mine) { return; }
    if (!a.ok) {
      const at = (a.params || []).map((n) => { const x = extras.find((e) => e.name === n); const ax = axes.find((e) => e.name === n);
        return (x && x.title) || (ax && ax.title) || n; });
      showError((at.length ? '<b>' + esc(at.join(', ')) + '</b>: ' : '') + esc(a.message) + ' (' + esc(a.rule_id) + ')');
      return;
    }
    const L = labels.slice();
    render(packed(a.summary, L), L, true);
  }, (err) => { if (seqs[rid] === mine) { showError(esc(err.message || err)); } });
}

function render(r, L, computed) {
  if (r.err !== undefined) { showError(r.err); return; }
  const lab = (i) => L[i];
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
  let h = '';
  if (r.i) { h += '<div class="aot-info">' + r.i.map(([k2, v2]) =>
    lab(k2).replace(/_/g, ' ') + ': <b>' + (Array.isArray(v2) ? v2.join('+') : v2) + '</b>').join(' · ') + '</div>'; }
  const tail = rows.length && rows[0].length > 2;
  h += '<table class="aot" data-main="' + lab(r.t) + '"' + (computed ? ' data-computed="1"' : '') + '><tr><th>' + lab(r.t) +
       '</th><th>exact</th><th>%</th>' + (tail ? '<th>at least this</th><th>%</th>' : '') + '</tr>';
  for (const row of rows) {
    h += '<tr data-o="' + row[0] + '" data-p="' + row[1] + '"><td class="o">' + row[0] + '</td><td>' + shown(row[1]) +
         '</td><td>' + pct(row[1]) + '</td>' + (tail ? '<td>' + shown(row[2]) + '</td><td>' + pct(row[2]) + '</td>' : '') +
         '</tr>';
  }
  h += '</table>';
  if (r.mean !== undefined) {
    h += '<div class="aot-stats">mean <b data-mean="' + r.mean + '">' + shown(r.mean) + '</b> (' +
         num(r.mean).toFixed(3) + ') · median <b>' + r.med + '</b></div>';
  }
  for (const [name, pk] of (r.o || [])) {
    h += '<div class="aot-other"><b>' + lab(name) + '</b>: ' + unpack(pk).map((row) => row[0] + ' → ' + shown(row[1]) + ' (' +
         pct(row[1]) + ')').join(' · ') + '</div>';
  }
  for (const [name, p] of (r.e || [])) {
    h += '<div class="aot-ev" data-event="' + lab(name) + '" data-p="' + p + '">P(' + lab(name) + ') = <b>' + shown(p) + '</b> (' +
         pct(p) + ')</div>';
  }
  div.text = h;
}

const now = setting();
if (now.inside) {
  const seqs = (window.__aotAsked = window.__aotAsked || {});
  seqs[rid] = (seqs[rid] || 0) + 1;  // an engine answer still on its way is for an older setting: it loses
  render(results[index[now.k]], labels, false);
} else {
  askEngine(now.values);
}
