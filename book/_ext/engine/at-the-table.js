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
  // Words and numbers in the page's language (book/_ext/engine/i18n.js): msg(template, values) is a catalogue
  // message (Babel extracts the literal templates), pct/fixed write numbers the language's way.
  const {msg, nmsg, pct, isShort, display, fixed, num} = window.aotI18n;
  // Every sentence this page writes, in one place (the catalogue's templates: whole sentences, named values).
  const MSG = {
    badLink: (part) => msg('This link is not written correctly: {part} is not valid percent-encoding. Pick a question below.', {part}),
    checking: () => msg('Reading the link…'),
    unknown: (rid) => msg('No question has the rule ID {rid}. Pick one below.', {rid}),
    changed: () => msg('changed'),
    more: (n) => msg('More options ({n})', {n}),
    sides: () => ({a_: msg('Side A'), b_: msg('Side B'), target_: msg('The target'), shooter_: msg('The shooters')}),
    setup: () => msg('Setup'),
    second: () => msg('Second setup'),
    less: (control) => msg('{control}: one less', {control}),
    more1: (control) => msg('{control}: one more', {control}),
    chooseUnit: () => msg('— choose a unit —'),
    takeUnit: () => msg('Take a unit from a shipped army'),
    readings: (n) => nmsg('Reading of an ambiguous rule ({n})', 'Readings of ambiguous rules ({n})', n),
    reset: () => msg('Reset'),
    computing: () => msg('computing…'),
    theRule: () => msg('The rule:'),
    exact: () => msg('exact'),
    exactly: (fraction) => msg('exact: {fraction}', {fraction}),
    atLeast: () => msg('at least'),
    atMost: () => msg('at most'),
    stats: (mean, approx, median) => msg('mean {mean} ({approx}) · median {median}', {mean, approx, median}),
    noMatch: () => msg('No question matches; try a rule ID such as AOT-RUN, or fewer words.'),
    searchHint: () => msg('melee, volley, run, morale, AOT-RUN…'),
    find: () => msg('Find a question (name or rule ID)'),
    compare: () => msg('Compare with a second setup'),
    uncompare: () => msg('Remove the second setup'),
    share: () => msg('Copy link to this setup'),
    copied: () => msg('Link copied'),
    copyThis: () => msg('Copy this link'),
    all: () => msg('← All questions'),
    rules: (n) => nmsg('The rule it applies ({n})', 'The rules it applies ({n})', n),
    versus: () => msg('Second setup against the first'),
    chance: () => msg('chance'),
    first: () => msg('first setup'),
    secondCol: () => msg('second setup'),
    difference: () => msg('difference (points, exact)'),
    meanDiff: (what, a, b) => msg('mean {what}: {first} → {second}', {what, first: a, second: b}),
    every: (what) => msg('Every outcome: {what}', {what}),
    noStart: (why) => msg('The engine could not start: {why}', {why}),
  };
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
  // Percentages: aot_rules/core/format.py percent_str in the page's language (i18n.js pct).
  /** A fraction under the book's display rule (i18n.js display): a short one may break only at its bar, never
      inside a number (each part a span that never wraps, .att-n); a long one shows as its approximate percentage,
      which opens on tap onto the exact fraction (selectable). */
  const fracEl = (text) => { const [a, b] = String(text).split('/');
    if (!isShort(text)) {
      return [$('details', {class: 'att-exact'}, $('summary', {title: MSG.exactly(text)},
        $('span', {class: 'att-n', text: display(text)})), $('code', {text}))];
    }
    return b === undefined ? [$('span', {class: 'att-n', text: a})]
      : [$('span', {class: 'att-n', text: a + '/'}), document.createElement('wbr'), $('span', {class: 'att-n', text: b})]; };
  /** A percentage that never breaks across lines ("> 99.99%" included). */
  const pctEl = (text) => $('span', {class: 'att-n', text: pct(text)});
  // One minus sign everywhere, U+2212: an exact difference (−1/8) and the same in percentage points (−12.50).
  const signed = (text) => (String(text).startsWith('-') ? '−' + String(text).slice(1) : (text === '0' ? '±0' : '+' + text));
  const points = (text) => { const v = 100 * num(text), t = fixed(Math.abs(v), 2);
    return (text === '0' ? '±' : v < 0 ? '−' : '+') + t; };

  // ---- the setup in the URL --------------------------------------------------------------------------
  const optName = (p) => p.flag.replace(/^--/, '');
  /** The link after '#': its rule ID and its options in order, each name and value percent-decoded on its own
      (so density=%26shield is one option whose value is "&shield"), or {bad: the first part that does not decode}. */
  function parseHash(hash) {
    const text = (hash || '').replace(/^#/, '');
    const at = text.indexOf('?');
    const [rawRid, query] = at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
    const decode = (part) => { try { return decodeURIComponent(part); } catch (e) { throw {bad: part}; } };
    try {
      const pairs = [];
      for (const part of query.split('&')) {
        if (!part) { continue; }
        const eq = part.indexOf('=');
        pairs.push(eq < 0 ? [decode(part), null] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
      }
      return {rid: decode(rawRid), pairs, bad: null};
    } catch (e) {
      if (e && e.bad !== undefined) { return {rid: '', pairs: [], bad: e.bad}; }
      throw e;
    }
  }
  /** The link as the command line's arguments: ["AOT-RUN", "--density=4", "--shield"]. */
  const argvOf = (link) => [link.rid, ...link.pairs.map(([k, v]) => '--' + k + (v === null ? '' : '=' + v))];
  /** The link of one setup, or of two compared: the second setup's options after a bare "vs"
      (#AOT-RUN?density=4&vs&density=5). */
  function hashOf(m, values, second) {
    const parts = partsOf(m, values).concat(second ? ['vs', ...partsOf(m, second)] : []);
    return '#' + m.rule_id + (parts.length ? '?' + parts.join('&') : '');
  }
  function partsOf(m, values) {
    const parts = [];
    for (const p of m.params) {
      const v = values[p.name];
      if (v === undefined || v === null || v === '') { continue; }
      if (p.type === 'bool') { if (v !== p.default) { parts.push((v ? '' : 'no-') + optName(p)); } continue; }
      if (String(v) === defaultText(p)) { continue; }
      parts.push(optName(p) + '=' + encodeURIComponent(String(v)).replace(/%2C/gi, ',').replace(/%2F/gi, '/'));
    }
    return parts;
  }
  /** What a link says about one mechanic, as the controls' values: a flag as on/off only when written bare (a flag
      given a value, like an unknown option, is left to the command line's parser to refuse). */
  function valuesFromLink(m, pairs) {
    const out = {};
    for (const [key, raw] of pairs) {
      const p = m.params.find((q) => optName(q) === key || q.name === key);
      const off = m.params.find((q) => q.type === 'bool' && 'no-' + optName(q) === key);
      if (p && p.type === 'bool') { if (raw === null) { out[p.name] = true; } }
      else if (off) { if (raw === null) { out[off.name] = false; } }
      else if (p && raw !== null) { out[p.name] = current(p, String(raw)); }
    }
    return out;
  }
  /** A choice as it is written today: a link made before the codes ("foot with shields") names its code
      ("foot-shield") through the engine's own table of former spellings (``formerly`` in mechanics.json). */
  const current = (p, v) => (p.type === 'choice' && p.formerly && Object.prototype.hasOwnProperty.call(p.formerly, v)
    ? p.formerly[v] : v);
  const defaultText = (p) => (p.default === null || p.default === undefined ? ''
    : Array.isArray(p.default) ? p.default.join(',') : String(p.default));

  // ---- one setup: its controls, its values, its answer -----------------------------------------------
  const FEW = 6;  // flags shown unfolded per group
  const prefixOf = (p) => Object.keys(MSG.sides()).find((k) => p.name.startsWith(k)) || '';

  class Setup {
    constructor(app, m, values, index) {
      this.app = app; this.m = m; this.index = index; this.values = Object.assign({}, values);
      this.seq = 0; this.answer = null; this.picked = {};
      this.el = $('section', {class: 'att-setup', 'data-setup': String(index), 'aria-label': index ? MSG.second() : MSG.setup()});
      this.fields = {};
      this.render();
    }
    value(p) { return this.values[p.name] !== undefined ? this.values[p.name] : (p.type === 'bool' ? !!p.default : defaultText(p)); }
    control(p) {
      const id = `att-${this.index}-${p.name}`;
      // A control is called by its parameter's label, in the page's language (every registered parameter has one);
      // one without would be named from its parameter: in English by the name's words, in another language by its
      // option name (a code the command line shares), its help in that language just under it.
      const named = window.aotI18n.lang === 'en' ? p.name.replace(/^(a|b|target|shooter)_/, '').replace(/_/g, ' ') : p.flag;
      const label = (p.label || named) + (p.blank_in_source ? ' ✎' : '');
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
        input = $('select', {id, name: p.name, onchange: (e) => set(e.target.value === '' ? undefined : e.target.value)},
          (p.optional ? [$('option', {value: '', text: '—'})] : []).concat(p.choices.map((c, i) => $('option', {value: c, text: (p.choice_labels || [])[i] || c}))));
        input.value = this.value(p);
      } else {
        const numeric = p.type === 'int';
        input = $('input', {type: 'text', id, name: p.name, inputmode: numeric ? 'numeric' : p.type === 'inches' ? 'decimal' : 'text',
          autocomplete: 'off', spellcheck: 'false', placeholder: p.optional ? '—' : defaultText(p),
          'aria-describedby': id + '-err', onchange: (e) => set(e.target.value.trim() === '' ? undefined : e.target.value.trim())});
        input.value = this.value(p);
        if (numeric) {
          const step = (d) => () => {
            const now = Number(input.value === '' ? (p.default === null ? p.min - d : p.default) : input.value);
            const next = Math.min(p.max, Math.max(p.min, (Number.isFinite(now) ? now : p.min) + d));
            input.value = String(next); set(input.value);
          };
          input = $('div', {class: 'att-stepper'},
            $('button', {type: 'button', class: 'att-step', 'aria-label': MSG.less(label), onclick: step(-1), text: '−'}),
            input,
            $('button', {type: 'button', class: 'att-step', 'aria-label': MSG.more1(label), onclick: step(1), text: '+'}));
        }
      }
      const field = $('div', {class: 'att-field', title: p.help}, $('label', {for: id, text: label}), input,
        p.help && p.help !== p.label ? $('small', {class: 'att-help', text: p.help}) : null, err);
      this.fields[p.name] = {input: field.querySelector('#' + CSS.escape(id)), err, field};
      return field;
    }
    /** Whether a picker for a unit belongs to this group: a side with ranks or a density, or the shooters. */
    pickerFor(prefix) {
      const has = (n) => this.m.params.some((p) => p.name === n);
      if (has(prefix + 'ranks') || has(prefix + 'density')) { return true; }
      return prefix === '' && has('firers') && !this.m.params.some((p) => p.name.startsWith('shooter_'));
    }
    unitPicker(prefix) {
      const units = this.app.units;
      if (!units.length || !this.pickerFor(prefix)) { return null; }
      const id = `att-${this.index}-${prefix || 'unit'}-army`;
      const sel = $('select', {id, class: 'att-army', 'data-side': prefix,
        onchange: (e) => { if (e.target.value !== '') { this.takeUnit(prefix, Number(e.target.value)); } }},
        $('option', {value: '', text: MSG.chooseUnit()}),
        units.map((u, i) => $('option', {value: String(i), text: `${u.name} (${u.army})`})));
      const mark = $('span', {class: 'att-changed', 'data-changed': '1', 'data-side': prefix, hidden: true, text: MSG.changed()});
      const picked = this.picked[prefix];
      if (picked) { sel.value = String(picked.index); }
      this.marks = this.marks || {};
      this.marks[prefix] = mark;
      return $('div', {class: 'att-field'}, $('label', {for: id, text: MSG.takeUnit() + ' '}, mark), sel);
    }
    /** Every parameter a unit decides for one side (its ranks, density, equipment, its weapon, and for shooters
        how many shoot), by parameter name; what the unit does not say stays as it is. */
    unitValues(prefix, u) {
      const params = this.m.params;
      const out = {};
      const put = (name, v) => {
        const p = params.find((q) => q.name === name);
        if (!p || v === undefined || v === null) { return; }
        if (p.type === 'bool') { out[name] = !!v; return; }
        if (p.type === 'choice') { if ((p.choices || []).includes(String(v))) { out[name] = String(v); } return; }
        if (p.type === 'int' && p.max !== undefined && Number(v) > p.max) { v = p.max; }
        out[name] = String(v);
      };
      for (const f of ['ranks', 'density', 'strength', 'mounted', 'shield', 'armour', 'horse_armour', 'pavise', 'veteran',
        'stubborn', 'recruit', 'regular']) { put(prefix + f, u[f]); }
      const arm = (name) => { const p = params.find((q) => q.name === name);
        return p ? [u.missile, u.weapon].find((w) => w && (p.choices || []).includes(w)) : undefined; };
      put(prefix + 'weapon', arm(prefix + 'weapon'));
      if (prefix === 'shooter_' || (prefix === '' && this.pickerFor(''))) {  // the shooters: the volley's side
        put('weapon', arm('weapon')); put('firers', u.strength); put('veteran', u.veteran);
      }
      if (prefix === 'target_') {  // what the target's kit says about the volley
        put('shield_wall', u.shield && !u.mounted); put('pavise', u.pavise); put('horse_armour', u.horse_armour);
        put('mounted_target', u.mounted);
      }
      return out;
    }
    takeUnit(prefix, index) {
      const values = this.unitValues(prefix, this.app.units[index]);
      Object.assign(this.values, values);
      this.picked[prefix] = {index, values};
      this.render(); this.changed();
    }
    /** A unit's name stays in its picker; "changed" once any value it decided has been edited. */
    markChanges() {
      for (const [prefix, picked] of Object.entries(this.picked)) {
        const mark = (this.marks || {})[prefix];
        if (!mark) { continue; }
        mark.hidden = Object.entries(picked.values).every(([k, v]) => String(this.values[k]) === String(v));
      }
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
        // A long list of flags shows the first few and any that are set; the rest fold under "more".
        const flags = ps.filter((p) => p.type === 'bool');
        const set = (p) => this.values[p.name] !== undefined && this.values[p.name] !== !!p.default;
        const few = flags.length > FEW ? flags.filter((p, i) => i < FEW || set(p)) : flags;
        const rest = flags.filter((p) => !few.includes(p));
        const inner = [this.unitPicker(k), ...ps.filter((p) => p.type !== 'bool').map((p) => this.control(p)),
          few.length ? $('div', {class: 'att-flags'}, few.map((p) => this.control(p))) : null,
          rest.length ? $('details', {class: 'att-more'}, $('summary', {text: MSG.more(rest.length)}),
            $('div', {class: 'att-flags'}, rest.map((p) => this.control(p)))) : null];
        body.push(k ? $('details', {class: 'att-group', open: true}, $('summary', {text: MSG.sides()[k]}), $('div', {class: 'att-grid'}, inner))
          : $('div', {class: 'att-grid'}, inner));
      }
      if (readings.length) {
        body.push($('details', {class: 'att-group att-readings'}, $('summary', {text: MSG.readings(readings.length)}),
          $('div', {class: 'att-flags'}, readings.map((p) => this.control(p)))));
      }
      this.out = $('div', {class: 'att-answer', 'aria-live': 'polite'});
      this.top = $('div', {class: 'att-top'});
      const head = this.index ? $('h3', {class: 'att-setup-title', text: MSG.second()}) : null;
      const reset = $('button', {type: 'button', class: 'att-button att-quiet', 'data-act': 'reset', onclick: () => { this.values = Object.assign({}, this.m.start || {}); this.picked = {}; this.render(); this.changed(); }, text: MSG.reset()});
      // The answer comes first: on a phone it stays in view while the controls below it change.
      this.el.replaceChildren(...[head, this.top, this.out, ...body, $('div', {class: 'att-actions'}, reset)].filter(Boolean));
      this.markChanges();
      if (this.answer) { this.show(this.answer); }
    }
    changed() {
      this.markChanges();
      this.app.changed(this);
      this.ask();
    }
    sent() {
      const out = {};
      for (const p of this.m.params) {
        const v = this.values[p.name];
        if (v === undefined || v === null) { continue; }  // an empty value (from a link) goes to the engine to refuse
        out[p.name] = v;
      }
      for (const [k, v] of Object.entries(this.values)) { if (!this.m.params.some((p) => p.name === k)) { out[k] = v; } }
      return out;
    }
    ask() { this.request(engine.ask(this.m.rule_id, this.sent())); }
    /** The first answer to a share link: read by the command line's own parser, whose values then set the controls. */
    askLink(argv) {
      this.request(engine.link(argv), (a) => {
        if (a.ok && a.values) {
          this.values = {};
          for (const [k, v] of Object.entries(a.values)) { this.values[k] = typeof v === 'boolean' ? v : String(v); }
          this.render();
        }
      });
    }
    request(promise, first) {
      const mine = ++this.seq;
      this.el.classList.add('att-computing');
      if (!this.out.querySelector('.att-busy')) { this.out.prepend($('p', {class: 'att-busy', text: MSG.computing()})); }
      promise.then((a) => {
        if (mine !== this.seq) { return; }
        if (first) { first(a); }
        this.answer = a; this.el.classList.remove('att-computing'); this.show(a); this.app.compared();
      }, (err) => {
        if (mine !== this.seq) { return; }
        this.el.classList.remove('att-computing');
        this.top.replaceChildren();
        this.out.replaceChildren($('p', {class: 'att-error', 'data-error': '1', text: String(err.message || err)}));
      });
    }
    show(a) {
      for (const f of Object.values(this.fields)) { f.err.hidden = true; f.err.textContent = ''; f.field.classList.remove('att-bad'); }
      if (!a.ok) {
        // The line once under the (first) control at fault, folded sections opened; the others only marked.
        const at = (a.params || []).map((n) => this.fields[n]).filter(Boolean);
        at.forEach((f, i) => {
          f.field.classList.add('att-bad');
          if (i === 0) { f.err.textContent = a.error; f.err.hidden = false; }
          for (let d = f.field.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) { d.open = true; }
        });
        this.top.replaceChildren();
        this.out.replaceChildren($('p', {class: 'att-error', 'data-error': '1', text: a.error}));
        return;
      }
      const [headline, ...rest] = renderAnswer(this.m, a, this.app.links(this.m));
      this.top.replaceChildren(headline);
      this.out.replaceChildren(...rest);
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
        $('span', {class: 'att-frac'}, fracEl(h.p))))));
    // Why, in one line: the facts the answer rests on, and the rule itself.
    const own = Object.fromEntries(Object.entries(links).filter(([rid]) => rid === m.rule_id));
    if (s.i) {
      out.push($('p', {class: 'att-why'}, Object.entries(s.i).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`).join(' · ') + ' · ',
        ruleLinks(own)));
    } else if (Object.keys(own).length) {
      out.push($('p', {class: 'att-why'}, MSG.theRule() + ' ', ruleLinks(own)));
    }
    const tail = s.m.length && s.m[0].length > 2;
    // "at most" beside "at least": the chance of this outcome or a smaller one, exactly 1 − P(at least the next).
    const most = tail ? s.m.map((r, i) => (i + 1 < s.m.length ? minus('1', s.m[i + 1][2]) : '1')) : [];
    out.push($('div', {class: 'att-scroll'}, $('table', {class: tail ? 'att-dist att-tail' : 'att-dist', 'data-main': s.t},
      $('thead', {}, $('tr', {}, $('th', {scope: 'col', text: s.t}), $('th', {scope: 'col', text: MSG.exact()}), $('th', {scope: 'col', text: '%'}),
        tail ? [$('th', {scope: 'col', text: MSG.atLeast()}), $('th', {scope: 'col', text: '%'}),
          $('th', {scope: 'col', text: MSG.atMost()}), $('th', {scope: 'col', text: '%'})] : null)),
      $('tbody', {}, s.m.map((r, i) => $('tr', {'data-o': r[0], 'data-p': r[1], 'data-ge': tail ? r[2] : null, 'data-le': tail ? most[i] : null},
        $('td', {class: 'o', text: r[0]}), $('td', {class: 'f'}, fracEl(r[1])), $('td', {class: 'pc', text: pct(r[1])}),
        tail ? [$('td', {class: 'f'}, fracEl(r[2])), $('td', {class: 'pc', text: pct(r[2])}),
          $('td', {class: 'f'}, fracEl(most[i])), $('td', {class: 'pc', text: pct(most[i])})] : null))))));
    if (s.mean !== undefined) {
      // One whole sentence, its values set in bold where the template puts them.
      const bold = {mean: $('b', {'data-mean': s.mean, text: s.mean}), median: $('b', {text: s.med})};
      out.push($('p', {class: 'att-stats'}, MSG.stats('\u0001mean\u0001', fixed(num(s.mean), 3), '\u0001median\u0001')
        .split('\u0001').map((part, i) => (i % 2 ? bold[part] : part))));
    }
    // The other laws and the events past the headline: each number in a span of its own, so none breaks.
    const chance = (p) => [...fracEl(p), ' (', pctEl(p), ')'];
    for (const [name, rows] of s.o || []) {
      out.push($('p', {class: 'att-other'}, $('b', {text: name + ': '}),
        rows.flatMap((r, i) => [i ? ' · ' : '', `${r[0]} → `, ...chance(r[1])])));
    }
    if (s.e && s.e.length > 6) {
      out.push($('p', {class: 'att-other'}, s.e.slice(6).flatMap(([l, p], i) => [i ? ' · ' : '', `P(${l}) = `, ...chance(p)])));
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
      this.root = root; this.mechanics = []; this.units = []; this.setups = []; this.m = null; this.opened = 0;
    }
    async start() {
      const note = this.root.querySelector('.att-file');
      if (!engine || !engine.available) {
        if (note) { note.hidden = false; }
        return;
      }
      engine.warm().catch(() => {});
      // The mechanics' titles, options and help in the page's language (book/_ext/aot_engine.py mechanics_file).
      const lang = await window.aotI18n.ready;
      const [mech, armies] = await Promise.all([fetch(engine.base + (lang === 'en' ? 'mechanics.json' : `mechanics-${lang}.json`)).then((r) => r.json()),
        fetch(engine.base + 'armies.json').then((r) => r.json()).catch(() => ({armies: []}))]);
      this.mechanics = mech.mechanics;
      this.units = armies.armies.flatMap((a) => a.units.map((u) => Object.assign({army: a.name}, u)));
      this.build();
      window.addEventListener('hashchange', () => { if (location.hash !== this.hash) { this.open(); } });
      this.open();
    }
    links(m) { return m.links || {}; }
    build() {
      const search = $('input', {type: 'search', id: 'att-search', placeholder: MSG.searchHint(),
        autocomplete: 'off', 'aria-controls': 'att-list', oninput: () => this.filter(search.value)});
      this.list = $('div', {id: 'att-list', class: 'att-list'});
      this.notice = $('p', {class: 'att-error att-notice', role: 'alert', 'data-link-error': '1', hidden: true});
      this.picker = $('div', {class: 'att-pick'}, this.notice, $('label', {for: 'att-search', text: MSG.find()}), search, this.list);
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
      if (!shown.length) { shown.push($('p', {text: MSG.noMatch()})); }
      this.list.replaceChildren(...shown);
    }
    find(rid) {
      const key = (rid || '').toLowerCase();
      return this.mechanics.find((m) => m.rule_id.toLowerCase() === key || m.key === key);
    }
    /** A line above the list (a link that could not be read), or none.  The line is brought on screen, just under
        the theme's sticky header: a link followed from far down an answer (or the list) would otherwise leave it
        thousands of pixels above a phone's view. */
    notify(line) {
      this.notice.textContent = line || '';
      this.notice.hidden = !line;
      this.notice.classList.toggle('att-checking', line === MSG.checking());  // not yet a refusal: a quiet line
      if (line) { this.notice.scrollIntoView({block: 'start'}); }
    }
    showList(line) {
      this.m = null; this.setups = []; this.picker.hidden = false; this.stage.replaceChildren(); this.notify(line);
    }
    open() {
      const link = parseHash(location.hash);
      const mine = ++this.opened;
      if (link.bad !== null) { this.showList(MSG.badLink(link.bad)); return; }
      const m = this.find(link.rid);
      if (!m) {
        if (!link.rid) { this.showList(null); return; }
        // The command line says what is wrong with the link, with its "did you mean".
        this.showList(MSG.checking());
        engine.link(argvOf(link)).then((a) => { if (mine === this.opened) { this.notify(a.ok ? null : a.error); } },
          () => { if (mine === this.opened) { this.notify(MSG.unknown(link.rid)); } });
        return;
      }
      this.m = m;
      this.notify(null);
      this.picker.hidden = true;
      const cut = link.pairs.findIndex(([k, v]) => k === 'vs' && v === null);
      const [mine1, mine2] = cut < 0 ? [link.pairs, null] : [link.pairs.slice(0, cut), link.pairs.slice(cut + 1)];
      link.pairs = mine1;
      const first = new Setup(this, m, link.pairs.length ? valuesFromLink(m, link.pairs) : (m.start || {}), 0);
      this.setups = [first];
      this.diff = $('div', {class: 'att-diff', 'aria-live': 'polite'});
      this.compareButton = $('button', {type: 'button', class: 'att-button', 'data-act': 'compare', onclick: () => this.compare(), text: MSG.compare()});
      this.shareButton = $('button', {type: 'button', class: 'att-button', 'data-act': 'share', onclick: () => this.share(), text: MSG.share()});
      this.pair = $('div', {class: 'att-pair'}, first.el);
      this.stage.replaceChildren(
        $('div', {class: 'att-head'},
          $('a', {class: 'att-button att-quiet', href: '#', onclick: (e) => { e.preventDefault(); this.back(); }, text: MSG.all()}),
          $('h2', {class: 'att-title', text: m.title}),
          $('p', {class: 'att-summary'}, m.summary),
          Object.keys(this.links(m)).length ? $('details', {class: 'att-rules'},
            $('summary', {text: MSG.rules(Object.keys(this.links(m)).length)}), ruleLinks(this.links(m))) : null),
        this.diff, this.pair, $('div', {class: 'att-actions'}, this.compareButton, this.shareButton));
      this.hash = hashOf(m, first.values);
      if (link.pairs.length) { first.askLink(argvOf(link)); } else { first.ask(); }
      if (mine2 !== null) { this.compare(mine2); this.hash = hashOf(m, first.values, this.setups[1].values); }
      this.root.scrollIntoView({block: 'start'});
    }
    back() {
      history.pushState(null, '', location.pathname + location.search);
      this.hash = ''; this.open(); this.search.focus();
    }
    changed() {
      const [x, y] = this.setups;
      this.hash = hashOf(this.m, x.values, y ? y.values : null);
      history.replaceState(null, '', this.hash);
    }
    /** A second setup: a copy of the first, or what a link gives after its "vs". */
    compare(pairs) {
      if (this.setups.length > 1) { this.pair.lastChild.remove(); this.setups.pop(); this.diff.replaceChildren(); this.pair.classList.remove('att-two');
        this.compareButton.textContent = MSG.compare(); this.changed(); return; }
      const given = Array.isArray(pairs);
      const second = new Setup(this, this.m, given ? valuesFromLink(this.m, pairs) : this.setups[0].values, 1);
      this.setups.push(second);
      this.pair.append(second.el);
      this.pair.classList.add('att-two');
      this.compareButton.textContent = MSG.uncompare();
      if (given && pairs.length) { second.askLink(argvOf({rid: this.m.rule_id, pairs})); } else { second.ask(); }
      if (!given) { this.changed(); this.diff.scrollIntoView({block: 'start'}); }
    }
    /** The second setup against the first: each headline chance, the mean, and every outcome, as the exact
        difference and in percentage points; above the two setups, so a phone shows it first. */
    compared() {
      if (this.setups.length < 2) { return; }
      const [x, y] = this.setups.map((s) => s.answer);
      if (!x || !y || !x.ok || !y.ok) { this.diff.replaceChildren(); return; }
      const cell = (d) => $('td', {class: 'f d'}, $('span', {class: 'att-pts', text: points(d)}), ' ',
        $('small', {class: 'att-exact'}, fracEl(signed(d))));
      const hx = headlines(x.full), hy = headlines(y.full);
      const rows = hx.filter((h) => hy.some((g) => g.label === h.label)).map((h) => {
        const g = hy.find((k) => k.label === h.label);
        const d = minus(g.p, h.p);
        return $('tr', {'data-event': h.label, 'data-diff': d}, $('th', {scope: 'row', text: h.label}),
          $('td', {class: 'pc', text: pct(h.p)}), $('td', {class: 'pc', text: pct(g.p)}), cell(d));
      });
      const table = (head, body) => $('div', {class: 'att-scroll'}, $('table', {class: 'att-dist att-vs'},
        $('thead', {}, $('tr', {}, head.map((t) => $('th', {scope: 'col', text: t})))), $('tbody', {}, body)));
      const heads = (what) => [what, MSG.first(), MSG.secondCol(), MSG.difference()];
      const out = [$('h3', {text: MSG.versus()}), table(heads(MSG.chance()), rows)];
      const [sx, sy] = [x.full, y.full];
      if (sx.mean !== undefined && sy.mean !== undefined) {
        const d = minus(sy.mean, sx.mean);
        out.push($('p', {class: 'att-stats', 'data-mean-diff': d}, MSG.meanDiff(sx.t, fixed(num(sx.mean), 3), fixed(num(sy.mean), 3)) + ' (',
          $('b', {text: signed(d)}), ')'));
      }
      // The whole distribution, outcome by outcome (an outcome only one setup can reach counts 0 in the other).
      const px = new Map(sx.m.map((r) => [r[0], r[1]])), py = new Map(sy.m.map((r) => [r[0], r[1]]));
      const outcomes = [...new Set([...sx.m.map((r) => r[0]), ...sy.m.map((r) => r[0])])];
      if (sx.t === sy.t && outcomes.length > 1) {
        out.push($('details', {class: 'att-group att-vs-all'}, $('summary', {text: MSG.every(sx.t)}),
          table(heads(sx.t), outcomes.map((o) => {
            const [a, b] = [px.get(o) || '0', py.get(o) || '0'];
            const d = minus(b, a);
            return $('tr', {'data-o': o, 'data-diff': d}, $('th', {scope: 'row', text: o}), $('td', {class: 'pc', text: pct(a)}),
              $('td', {class: 'pc', text: pct(b)}), cell(d));
          }))));
      }
      this.diff.replaceChildren(...out);
    }
    share() {
      const url = location.href.split('#')[0] + this.hash;
      const done = () => { this.shareButton.textContent = MSG.copied(); setTimeout(() => { this.shareButton.textContent = MSG.share(); }, 2000); };
      if (navigator.share && /Mobi/.test(navigator.userAgent)) { navigator.share({url}).catch(() => {}); return; }
      if (navigator.clipboard) { navigator.clipboard.writeText(url).then(done, () => prompt(MSG.copyThis(), url)); } else { prompt(MSG.copyThis(), url); }
    }
  }

  function boot() {
    const root = document.getElementById('aot-at-the-table');
    if (!root) { return; }
    // The sticky headline sits just under the theme's own sticky header, whatever its height at this width.
    const stick = () => {
      const held = [...document.querySelectorAll('.bd-header, .bd-header-article')]
        .filter((h) => ['sticky', 'fixed'].includes(getComputedStyle(h).position)).map((h) => h.offsetHeight);
      root.style.setProperty('--att-stick', Math.max(0, ...held) + 'px');
    };
    stick(); window.addEventListener('resize', stick);
    const app = new App(root);
    window.aotAtTheTable = app;
    app.start().catch((err) => {
      const box = root.querySelector('.att-app');
      if (box) { box.replaceChildren($('p', {class: 'att-error', text: MSG.noStart(err.message || err)})); }
    });
  }
  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', boot); } else { boot(); }
})();
