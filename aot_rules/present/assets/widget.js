// The static widget's whole job in the browser: find the precomputed exact summary for the controls'
// setting and lay it out.  It never computes a probability.  Bokeh's CustomJS runs it with the
// arguments axes, ctrls, flags, rid, src, xr and div (see static.py).
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
let k = 0;
for (let i = 0; i < axes.length; i++) {
  const a = axes[i]; let v;
  if (a.kind === 'flag') { v = flags.active.includes(a.flag) ? 'true' : 'false'; }
  else { v = String(ctrls[i].value); }
  const pos = a.values.indexOf(v);
  k += (pos < 0 ? 0 : pos) * a.stride;
}
const r = results[index[k]];
if (r.err !== undefined) {
  src.data = {x: [], top: [], frac: [], pct: [], color: []};
  div.text = '<div class="aot-err" data-error="1">Not allowed: ' + r.err + '</div>';
  return;
}
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
const L = (i) => labels[i];
if (r.i) { h += '<div class="aot-info">' + r.i.map(([k2, v2]) =>
  L(k2).replace(/_/g, ' ') + ': <b>' + (Array.isArray(v2) ? v2.join('+') : v2) + '</b>').join(' · ') + '</div>'; }
const tail = rows.length && rows[0].length > 2;
h += '<table class="aot" data-main="' + L(r.t) + '"><tr><th>' + L(r.t) + '</th><th>exact</th><th>%</th>' +
     (tail ? '<th>at least this</th><th>%</th>' : '') + '</tr>';
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
for (const [name, packed] of (r.o || [])) {
  h += '<div class="aot-other"><b>' + L(name) + '</b>: ' + unpack(packed).map((row) => row[0] + ' → ' + shown(row[1]) + ' (' +
       pct(row[1]) + ')').join(' · ') + '</div>';
}
for (const [name, p] of (r.e || [])) {
  h += '<div class="aot-ev" data-event="' + L(name) + '" data-p="' + p + '">P(' + L(name) + ') = <b>' + shown(p) + '</b> (' +
       pct(p) + ')</div>';
}
div.text = h;
