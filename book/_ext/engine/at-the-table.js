/* "At the table": every registered mechanic of the four systems, answered by the engine in the reader's
   browser (client.js + worker.js), laid out for a phone.  The setup lives in the URL:
     at-the-table.html#AOT-MELEE-RESULT?a-ranks=3,4&b-weapon=pike&a-shield&no-armour-first
   (the command line's option names without their dashes; a flag as name for on, no-name for off).
   Nothing here computes a probability: the headline, table, tails, mean and median come from the
   engine's summary (aot_rules.present.render.summary); only the difference between two setups is
   worked out here, exactly, on the engine's fractions. */
(function () {
  'use strict';
  const engine = window.aotEngine;
  const $ = (tag, attrs, ...kids) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) { continue; }
      if (k === 'text') { el.textContent = v; } else if (k.startsWith('on')) { el.addEventListener(k.slice(2), v); }
      else { el.setAttribute(k, v === true ? '' : v); }
    }
    for (const kid of kids.flat()) { if (kid !== null && kid !== undefined) { el.append(kid); } }
    return el;
  };

  // ---- exact fractions as the command line writes them ("3/8", "1", "0") ---------------------------
  const gcd = (a, b) => { a = a < 0n ? -a : a; while (b) { [a, b] = [b, a % b]; } return a; };
  const frac = (text) => { const [a, b] = String(text).split('/'); return [BigInt(a), BigInt(b === undefined ? 1 : b)]; };
  const fracText = ([n, d]) => { const g = gcd(n, d) || 1n; n /= g; d /= g; return d === 1n ? String(n) : `${n}/${d}`; };
  const minus = (x, y) => { const [a, b] = frac(x); const [c, d] = frac(y); return fracText([a * d - c * b, b * d]); };
  const num = (text) => { const [a, b] = frac(text); return Number(a) / Number(b); };
  const pct = (text) => (100 * num(text)).toFixed(2) + '%';
  const signed = (text) => (String(text).startsWith('-') ? '−' + String(text).slice(1) : (text === '0' ? '±0' : '+' + text));

  // ---- the setup in the URL --------------------------------------------------------------------------
  const optName = (p) => p.flag.replace(/^--/, '');
  function parseHash(hash) {
    const text = decodeURIComponent((hash || '').replace(/^#/, ''));
    const [rid, query] = [text.split('?')[0], text.split('?').slice(1).join('?')];
    const values = {};
    for (const part of (query || '').split('&')) {
      if (!part) { continue; }
      const at = part.indexOf('=');
      values[at < 0 ? part : part.slice(0, at)] = at < 0 ? true : part.slice(at + 1);
    }
    return {rid, values};
  }
  function hashOf(m, values) {
    const parts = [];
    for (const p of m.params) {
      const v = values[p.name];
      if (v === undefined || v === null || v === '') { continue; }
      if (p.type === 'bool') { if (v !== p.default) { parts.push((v ? '' : 'no-') + optName(p)); } continue; }
      if (String(v) === defaultText(p)) { continue; }
      parts.push(optName(p) + '=' + encodeURIComponent(String(v)).replace(/%2C/gi, ',').replace(/%2F/gi, '/'));
    }
    return '#' + m.rule_id + (parts.length ? '?' + parts.join('&') : '');
  }
  /** What a link says about one mechanic, as parameter values (unknown words are kept for the engine to refuse). */
  function valuesFromLink(m, given) {
    const out = {};
    for (const [key, raw] of Object.entries(given)) {
      const p = m.params.find((q) => optName(q) === key || q.name === key);
      const off = m.params.find((q) => q.type === 'bool' && 'no-' + optName(q) === key);
      if (p && p.type === 'bool') { out[p.name] = raw === true || !/^(false|0|no)$/i.test(String(raw)); }
      else if (off) { out[off.name] = false; }
      else if (p) { out[p.name] = String(raw); }
      else { out[key] = raw; }
    }
    return out;
  }
  const defaultText = (p) => (p.default === null || p.default === undefined ? ''
    : Array.isArray(p.default) ? p.default.join(',') : String(p.default));

  // ---- one setup: its controls, its values, its answer -----------------------------------------------
  const SIDES = {a_: 'Side A', b_: 'Side B', target_: 'The target', shooter_: 'The shooters'};
  const prefixOf = (p) => Object.keys(SIDES).find((k) => p.name.startsWith(k)) || '';

  class Setup {
    constructor(app, m, values, index) {
      this.app = app; this.m = m; this.index = index; this.values = Object.assign({}, values);
      this.seq = 0; this.answer = null;
      this.el = $('section', {class: 'att-setup', 'data-setup': String(index), 'aria-label': index ? 'Second setup' : 'Setup'});
      this.fields = {};
      this.render();
    }
    value(p) { return this.values[p.name] !== undefined ? this.values[p.name] : (p.type === 'bool' ? !!p.default : defaultText(p)); }
    control(p) {
      const id = `att-${this.index}-${p.name}`;
      const label = (p.label || p.name.replace(/^(a|b|target|shooter)_/, '').replace(/_/g, ' ')) + (p.blank_in_source ? ' ✎' : '');
      const err = $('div', {class: 'att-field-err', id: id + '-err', role: 'alert', hidden: true});
      const set = (v) => { this.values[p.name] = v; this.changed(); };
      let input;
      if (p.type === 'bool') {
        input = $('input', {type: 'checkbox', id, name: p.name, onchange: (e) => set(e.target.checked)});
        input.checked = !!this.value(p);
        const field = $('div', {class: 'att-field att-flag', title: p.help},
          $('label', {for: id}, input, $('span', {text: label})), err);
        this.fields[p.name] = {input, err, field};
        return field;
      }
      if (p.type === 'choice') {
        input = $('select', {id, name: p.name, onchange: (e) => set(e.target.value)},
          (p.optional ? [$('option', {value: '', text: '—'})] : []).concat(p.choices.map((c) => $('option', {value: c, text: c}))));
        input.value = this.value(p);
      } else {
        const numeric = p.type === 'int';
        input = $('input', {type: 'text', id, name: p.name, inputmode: numeric ? 'numeric' : p.type === 'inches' ? 'decimal' : 'text',
          autocomplete: 'off', spellcheck: 'false', placeholder: p.optional ? '—' : defaultText(p),
          'aria-describedby': id + '-err', onchange: (e) => set(e.target.value.trim())});
        input.value = this.value(p);
        if (numeric) {
          const step = (d) => () => {
            const now = Number(input.value === '' ? (p.default === null ? p.min - d : p.default) : input.value);
            const next = Math.min(p.max, Math.max(p.min, (Number.isFinite(now) ? now : p.min) + d));
            input.value = String(next); set(input.value);
          };
          input = $('div', {class: 'att-stepper'},
            $('button', {type: 'button', class: 'att-step', 'aria-label': label + ': one less', onclick: step(-1), text: '−'}),
            input,
            $('button', {type: 'button', class: 'att-step', 'aria-label': label + ': one more', onclick: step(1), text: '+'}));
        }
      }
      const field = $('div', {class: 'att-field', title: p.help}, $('label', {for: id, text: label}), input,
        $('small', {class: 'att-help', text: p.help}), err);
      this.fields[p.name] = {input: field.querySelector('#' + CSS.escape(id)), err, field};
      return field;
    }
    unitPicker(prefix) {
      const units = this.app.units;
      if (!units.length || !this.m.params.some((p) => p.name === prefix + 'ranks' || p.name === prefix + 'density')) { return null; }
      const id = `att-${this.index}-${prefix || 'unit'}-army`;
      const sel = $('select', {id, class: 'att-army', onchange: (e) => { if (e.target.value !== '') { this.takeUnit(prefix, units[Number(e.target.value)]); } }},
        $('option', {value: '', text: '— choose a unit —'}),
        units.map((u, i) => $('option', {value: String(i), text: `${u.name} (${u.army})`})));
      return $('div', {class: 'att-field'}, $('label', {for: id, text: 'Take a unit from a shipped army'}), sel);
    }
    /** Set every input of one side that the unit says something about (then every control stays editable). */
    takeUnit(prefix, u) {
      for (const p of this.m.params) {
        if (!p.name.startsWith(prefix)) { continue; }
        const field = p.name.slice(prefix.length);
        let v = field === 'weapon' ? [u.weapon, u.missile].find((w) => w && (p.choices || []).includes(w)) : u[field];
        if (field === 'density' && prefix === '' && !('density' in u)) { v = undefined; }
        if (v === undefined || v === null) { continue; }
        if (p.type === 'choice' && !(p.choices || []).includes(String(v))) { continue; }
        this.values[p.name] = p.type === 'bool' ? !!v : String(v);
      }
      this.render(); this.changed();
    }
    render() {
      const m = this.m;
      this.fields = {};
      const groups = new Map();
      const readings = [];
      for (const p of m.params) {
        if (p.reading_of) { readings.push(p); continue; }
        const k = prefixOf(p);
        if (!groups.has(k)) { groups.set(k, []); }
        groups.get(k).push(p);
      }
      const body = [];
      for (const [k, ps] of groups) {
        // Flags are short: two or three to a row on a phone; the other controls take a row each.
        const flags = ps.filter((p) => p.type === 'bool');
        const inner = [this.unitPicker(k), ...ps.filter((p) => p.type !== 'bool').map((p) => this.control(p)),
          flags.length ? $('div', {class: 'att-flags'}, flags.map((p) => this.control(p))) : null];
        body.push(k ? $('details', {class: 'att-group', open: true}, $('summary', {text: SIDES[k]}), $('div', {class: 'att-grid'}, inner))
          : $('div', {class: 'att-grid'}, inner));
      }
      if (readings.length) {
        body.push($('details', {class: 'att-group att-readings'}, $('summary', {text: `Readings of ambiguous rules (${readings.length})`}),
          $('div', {class: 'att-flags'}, readings.map((p) => this.control(p)))));
      }
      this.out = $('div', {class: 'att-answer', 'aria-live': 'polite'});
      const head = this.index ? $('h3', {class: 'att-setup-title', text: 'Second setup'}) : null;
      const reset = $('button', {type: 'button', class: 'att-button att-quiet', 'data-act': 'reset', onclick: () => { this.values = {}; this.render(); this.changed(); }, text: 'Reset'});
      // The answer comes first: on a phone it stays in view while the controls below it change.
      this.el.replaceChildren(...[head, this.out, ...body, $('div', {class: 'att-actions'}, reset)].filter(Boolean));
      if (this.answer) { this.show(this.answer); }
    }
    changed() {
      this.app.changed(this);
      this.ask();
    }
    sent() {
      const out = {};
      for (const p of this.m.params) {
        const v = this.values[p.name];
        if (v === undefined || v === '' || v === null) { continue; }
        out[p.name] = v;
      }
      for (const [k, v] of Object.entries(this.values)) { if (!this.m.params.some((p) => p.name === k)) { out[k] = v; } }
      return out;
    }
    ask() {
      const mine = ++this.seq;
      this.el.classList.add('att-computing');
      if (!this.out.querySelector('.att-busy')) { this.out.prepend($('p', {class: 'att-busy', text: 'computing…'})); }
      engine.ask(this.m.rule_id, this.sent()).then((a) => {
        if (mine !== this.seq) { return; }
        this.answer = a; this.el.classList.remove('att-computing'); this.show(a); this.app.compared();
      }, (err) => {
        if (mine !== this.seq) { return; }
        this.el.classList.remove('att-computing');
        this.out.replaceChildren($('p', {class: 'att-error', 'data-error': '1', text: String(err.message || err)}));
      });
    }
    show(a) {
      for (const f of Object.values(this.fields)) { f.err.hidden = true; f.err.textContent = ''; f.field.classList.remove('att-bad'); }
      if (!a.ok) {
        const at = (a.params || []).map((n) => this.fields[n]).filter(Boolean);
        for (const f of at) { f.err.textContent = a.error; f.err.hidden = false; f.field.classList.add('att-bad'); }
        this.out.replaceChildren($('p', {class: 'att-error', 'data-error': '1', text: a.error}));
        return;
      }
      this.out.replaceChildren(...renderAnswer(this.m, a, this.app.links(this.m)));
    }
  }

  /** The headline chances of one answer: its events, else "at least one" of a count, else each outcome. */
  function headlines(s) {
    if (s.e && s.e.length) { return s.e.slice(0, 6).map(([label, p]) => ({label, p})); }
    const rows = s.m || [];
    if (rows.length && rows[0].length > 2) {
      const first = rows.find((r) => Number(r[0]) > 0);
      return first ? [{label: `${s.t} ≥ ${first[0]}`, p: first[2]}] : [];
    }
    return rows.slice(0, 6).map((r) => ({label: `${s.t}: ${r[0]}`, p: r[1]}));
  }

  function renderAnswer(m, a, links) {
    const s = a.full;
    const out = [];
    out.push($('div', {class: 'att-headline'}, headlines(s).map((h) =>
      $('div', {class: 'att-big', 'data-event': h.label, 'data-p': h.p},
        $('span', {class: 'att-pct', text: pct(h.p)}), $('span', {class: 'att-label', text: h.label}),
        $('span', {class: 'att-frac', text: h.p})))));
    // Why, in one line: the facts the answer rests on, and the rule itself.
    const own = Object.fromEntries(Object.entries(links).filter(([rid]) => rid === m.rule_id));
    if (s.i) {
      out.push($('p', {class: 'att-why'}, Object.entries(s.i).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`).join(' · ') + ' · ',
        ruleLinks(own)));
    } else if (Object.keys(own).length) {
      out.push($('p', {class: 'att-why'}, 'The rule: ', ruleLinks(own)));
    }
    const tail = s.m.length && s.m[0].length > 2;
    out.push($('div', {class: 'att-scroll'}, $('table', {class: 'att-dist', 'data-main': s.t},
      $('thead', {}, $('tr', {}, $('th', {scope: 'col', text: s.t}), $('th', {scope: 'col', text: 'exact'}), $('th', {scope: 'col', text: '%'}),
        tail ? [$('th', {scope: 'col', text: 'at least'}), $('th', {scope: 'col', text: '%'})] : null)),
      $('tbody', {}, s.m.map((r) => $('tr', {'data-o': r[0], 'data-p': r[1]},
        $('td', {class: 'o', text: r[0]}), $('td', {class: 'f', text: r[1]}), $('td', {text: pct(r[1])}),
        tail ? [$('td', {class: 'f', text: r[2]}), $('td', {text: pct(r[2])})] : null))))));
    if (s.mean !== undefined) {
      out.push($('p', {class: 'att-stats'}, 'mean ', $('b', {'data-mean': s.mean, text: s.mean}), ` (${num(s.mean).toFixed(3)}) · median `,
        $('b', {text: s.med})));
    }
    for (const [name, rows] of s.o || []) {
      out.push($('p', {class: 'att-other'}, $('b', {text: name + ': '}), rows.map((r) => `${r[0]} → ${r[1]} (${pct(r[1])})`).join(' · ')));
    }
    if (s.e && s.e.length > 6) {
      out.push($('p', {class: 'att-other'}, s.e.slice(6).map(([l, p]) => `P(${l}) = ${p} (${pct(p)})`).join(' · ')));
    }
    return out;
  }

  function ruleLinks(links) {
    const root = engine.root;
    return Object.entries(links).flatMap(([rid, url], i) => [i ? ' ' : '', $('a', {class: 'att-rule', href: root + url, text: rid})]);
  }

  // ---- the page --------------------------------------------------------------------------------------
  class App {
    constructor(root) {
      this.root = root; this.mechanics = []; this.units = []; this.setups = []; this.m = null;
    }
    async start() {
      const note = this.root.querySelector('.att-file');
      if (!engine || !engine.available) {
        if (note) { note.hidden = false; }
        return;
      }
      engine.warm().catch(() => {});
      const [mech, armies] = await Promise.all([fetch(engine.base + 'mechanics.json').then((r) => r.json()),
        fetch(engine.base + 'armies.json').then((r) => r.json()).catch(() => ({armies: []}))]);
      this.mechanics = mech.mechanics;
      this.units = armies.armies.flatMap((a) => a.units.map((u) => Object.assign({army: a.name}, u)));
      this.build();
      window.addEventListener('hashchange', () => { if (location.hash !== this.hash) { this.open(); } });
      this.open();
    }
    links(m) { return m.links || {}; }
    build() {
      const search = $('input', {type: 'search', id: 'att-search', placeholder: 'melee, volley, run, morale, AOT-RUN…',
        autocomplete: 'off', 'aria-controls': 'att-list', oninput: () => this.filter(search.value)});
      this.list = $('div', {id: 'att-list', class: 'att-list'});
      this.picker = $('div', {class: 'att-pick'}, $('label', {for: 'att-search', text: 'Find a question (name or rule ID)'}), search, this.list);
      this.search = search;
      this.stage = $('div', {class: 'att-stage'});
      this.root.querySelector('.att-app').replaceChildren(this.picker, this.stage);
      this.filter('');
    }
    filter(text) {
      const words = text.toLowerCase().split(/\s+/).filter(Boolean);
      const hit = (m) => words.every((w) => `${m.rule_id} ${m.key} ${m.title} ${m.summary} ${m.system_title}`.toLowerCase().includes(w));
      const groups = new Map();
      for (const m of this.mechanics.filter(hit)) {
        if (!groups.has(m.system_title)) { groups.set(m.system_title, []); }
        groups.get(m.system_title).push(m);
      }
      const shown = [];
      for (const [title, ms] of groups) {
        shown.push($('h3', {class: 'att-system', text: `${title} (${ms.length})`}));
        shown.push($('ul', {}, ms.map((m) => $('li', {}, $('a', {class: 'att-item', href: '#' + m.rule_id, 'data-rule': m.rule_id},
          $('span', {class: 'att-item-title', text: m.title}), $('span', {class: 'att-item-id', text: m.rule_id}))))));
      }
      if (!shown.length) { shown.push($('p', {text: 'No question matches; try a rule ID such as AOT-RUN, or fewer words.'})); }
      this.list.replaceChildren(...shown);
    }
    find(rid) {
      const key = (rid || '').toLowerCase();
      return this.mechanics.find((m) => m.rule_id.toLowerCase() === key || m.key === key);
    }
    open() {
      const {rid, values} = parseHash(location.hash);
      const m = this.find(rid);
      if (!m) { this.m = null; this.picker.hidden = false; this.stage.replaceChildren(); return; }
      this.m = m;
      this.picker.hidden = true;
      const first = new Setup(this, m, valuesFromLink(m, values), 0);
      this.setups = [first];
      this.diff = $('div', {class: 'att-diff', 'aria-live': 'polite'});
      this.compareButton = $('button', {type: 'button', class: 'att-button', 'data-act': 'compare', onclick: () => this.compare(), text: 'Compare with a second setup'});
      this.shareButton = $('button', {type: 'button', class: 'att-button', 'data-act': 'share', onclick: () => this.share(), text: 'Copy link to this setup'});
      this.pair = $('div', {class: 'att-pair'}, first.el);
      this.stage.replaceChildren(
        $('div', {class: 'att-head'},
          $('a', {class: 'att-button att-quiet', href: '#', onclick: (e) => { e.preventDefault(); this.back(); }, text: '← All questions'}),
          $('h2', {class: 'att-title', text: m.title}),
          $('p', {class: 'att-summary'}, m.summary),
          Object.keys(this.links(m)).length ? $('details', {class: 'att-rules'},
            $('summary', {text: `The rules it applies (${Object.keys(this.links(m)).length})`}), ruleLinks(this.links(m))) : null),
        this.pair, this.diff, $('div', {class: 'att-actions'}, this.compareButton, this.shareButton));
      this.hash = hashOf(m, first.values);
      first.ask();
      this.root.scrollIntoView({block: 'start'});
    }
    back() {
      history.pushState(null, '', location.pathname + location.search);
      this.hash = ''; this.open(); this.search.focus();
    }
    changed(setup) {
      if (setup.index === 0) {
        this.hash = hashOf(this.m, setup.values);
        history.replaceState(null, '', this.hash);
      }
    }
    compare() {
      if (this.setups.length > 1) { this.pair.lastChild.remove(); this.setups.pop(); this.diff.replaceChildren(); this.pair.classList.remove('att-two');
        this.compareButton.textContent = 'Compare with a second setup'; return; }
      const second = new Setup(this, this.m, this.setups[0].values, 1);
      this.setups.push(second);
      this.pair.append(second.el);
      this.pair.classList.add('att-two');
      this.compareButton.textContent = 'Remove the second setup';
      second.ask();
      second.el.scrollIntoView({block: 'start'});
    }
    compared() {
      if (this.setups.length < 2) { return; }
      const [x, y] = this.setups.map((s) => s.answer);
      if (!x || !y || !x.ok || !y.ok) { this.diff.replaceChildren(); return; }
      const hx = headlines(x.full), hy = headlines(y.full);
      const rows = hx.filter((h) => hy.some((g) => g.label === h.label)).map((h) => {
        const g = hy.find((k) => k.label === h.label);
        const d = minus(g.p, h.p);
        return $('tr', {'data-event': h.label, 'data-diff': d}, $('td', {text: h.label}), $('td', {text: pct(h.p)}), $('td', {text: pct(g.p)}),
          $('td', {class: 'f', text: `${signed(d)} (${(100 * num(d)).toFixed(2)} points)`}));
      });
      this.diff.replaceChildren($('h3', {text: 'Second setup against the first'}), $('div', {class: 'att-scroll'},
        $('table', {class: 'att-dist'}, $('thead', {}, $('tr', {}, ['chance', 'first', 'second', 'difference (exact)'].map((t) => $('th', {scope: 'col', text: t})))),
          $('tbody', {}, rows))));
    }
    share() {
      const url = location.href.split('#')[0] + this.hash;
      const done = () => { this.shareButton.textContent = 'Link copied'; setTimeout(() => { this.shareButton.textContent = 'Copy link to this setup'; }, 2000); };
      if (navigator.share && /Mobi/.test(navigator.userAgent)) { navigator.share({url}).catch(() => {}); return; }
      if (navigator.clipboard) { navigator.clipboard.writeText(url).then(done, () => prompt('Copy this link', url)); } else { prompt('Copy this link', url); }
    }
  }

  function boot() {
    const root = document.getElementById('aot-at-the-table');
    if (!root) { return; }
    const app = new App(root);
    window.aotAtTheTable = app;
    app.start().catch((err) => {
      const box = root.querySelector('.att-app');
      if (box) { box.replaceChildren($('p', {class: 'att-error', text: 'The engine could not start: ' + (err.message || err)})); }
    });
  }
  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', boot); } else { boot(); }
})();
