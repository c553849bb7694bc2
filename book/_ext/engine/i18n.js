/* The site's own words and numbers in the reader's language (issue #34): window.aotI18n.
   Loaded on every page before the other scripts (book/_ext/aot_engine.py).
   - The language is the page's: <html lang="…"> (Sphinx writes the book's `language`), read once when this script
     runs.  A test chooses another without a second build by setting that attribute before the page's scripts run
     (tests/book/browser/chromium.py speak()); nothing a reader can type changes it.
   - msg(template, values) / nmsg(singular, plural, n, values): the same keywords as the Python side
     (aot_rules/core/i18n.py), so `make messages` (babel.cfg, Babel's JavaScript extractor) puts every template in
     the one catalogue.  Templates are whole sentences with named {values}; a message with no translation stays
     the English template.
   - The build writes each language's messages to locales/<lang>.json beside this file; the pseudo-locale qps is
     made here, by the same transform as aot_rules.core.i18n.pseudo, so every template is covered.
   - Numbers through Intl.NumberFormat in the language's way (Russian "12,50 %"), with the digits of
     aot_rules/core/format.py; exact fractions stay "3/8".
   Until a language's messages have arrived (`ready`), msg() answers in English: scripts that write at start-up
   wait for `ready` (English is ready at once). */
(function () {
  'use strict';
  if (window.aotI18n) { return; }
  const script = document.currentScript;
  const BASE = script ? script.src.replace(/[?#].*$/, '').replace(/[^/]*$/, '') : '';
  const PSEUDO = 'qps';
  const asked = String((document.documentElement && document.documentElement.lang) || 'en').toLowerCase().split(/[-_]/)[0];
  const lang = ['en', 'ru', PSEUDO].includes(asked) ? asked : 'en';
  // The pseudo-locale writes numbers the English way (aot_rules.core.i18n.NUMBER_STYLES).
  const numbers = lang === PSEUDO ? 'en' : lang;

  // ---- messages -------------------------------------------------------------------------------------------------
  let messages = {};  // msgid -> its translation, or for a plural message the list of its forms
  // Plural forms: the catalogue's Plural-Forms rule picks a form index for n.  Rather than evaluate its C expression
  // here, the build tabulates which index each CLDR plural category takes in this catalogue (locales/<lang>.json
  // "plural", checked there against the expression for n = 0…1000) and Intl.PluralRules gives n's category: the
  // same CLDR rules the catalogue's expression was written from (ru: one/few/many → 0/1/2).
  let forms = {one: 0, other: 1};
  const rules = (() => { try { return new Intl.PluralRules(numbers); } catch (e) { return null; } })();
  const formOf = (n) => {
    if (!rules) { return n === 1 ? 0 : 1; }
    const f = forms[rules.select(n)];
    return f === undefined ? (n === 1 ? 0 : 1) : f;
  };
  const ACCENTS = {a: 'à', c: 'ç', e: 'é', i: 'î', n: 'ñ', o: 'ö', r: 'ŕ', s: 'š', u: 'ü', y: 'ý', A: 'À', C: 'Ç',
    E: 'É', I: 'Î', N: 'Ñ', O: 'Ö', R: 'Ŕ', S: 'Š', U: 'Ü', Y: 'Ý', z: 'ž'};
  /** aot_rules.core.i18n.pseudo: letters outside placeholders accented, the whole in ⟦ ⟧. */
  const pseudo = (template) => '⟦' + template.split(/(\{\w+\})/).map((part, i) => (i % 2 ? part
    : part.replace(/[a-zA-Z]/g, (c) => ACCENTS[c] || c))).join('') + '⟧';
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, k) => (values && k in values ? String(values[k]) : all));

  function msg(template, values) {
    const own = lang === PSEUDO ? pseudo(template) : messages[template];
    return fill(typeof own === 'string' && own ? own : template, values || {});
  }
  function nmsg(singular, plural, n, values) {
    const all = Object.assign({n}, values || {});
    if (lang === PSEUDO) { return fill(pseudo(n === 1 ? singular : plural), all); }
    const own = messages[singular];
    const form = Array.isArray(own) ? own[formOf(n)] : null;
    return fill(form || (n === 1 ? singular : plural), all);
  }

  // ---- numbers --------------------------------------------------------------------------------------------------
  // The language's symbols come from CLDR through Intl.NumberFormat (its decimal sign, what follows a percentage:
  // "%" or "\u00a0%"); the digits are toFixed's, the same correctly rounded decimals as Python's "%.Nf" in
  // aot_rules/core/format.py (Intl's own rounding caps the places at 20, and a tiny chance there has 29).
  const parts = (options, value) => new Intl.NumberFormat(numbers, options).formatToParts(value);
  const DECIMAL = (parts({minimumFractionDigits: 1}, 1.5).find((p) => p.type === 'decimal') || {value: '.'}).value;
  const TAIL = (() => {
    const all = parts({style: 'percent'}, 0.5);
    const at = all.findIndex((p) => p.type === 'percentSign');
    const lead = all.findIndex((p) => p.type === 'integer');
    return at > lead ? all.slice(lead + 1, at + 1).map((p) => p.value).join('') : '%';
  })();
  /** v with exactly d decimals, in the language's way (1.250 / 1,250). */
  const fixed = (v, d) => v.toFixed(d).replace('.', DECIMAL);
  /** v (already in percent) with d decimals: "12.50%", Russian "12,50 %". */
  const percent = (v, d) => fixed(v, d) + TAIL;
  const num = (f) => { const [a, b] = String(f).split('/'); return b === undefined ? Number(a) : Number(a) / Number(b); };
  /** aot_rules/core/format.py percent_str: two decimals, and an uncertain event (a reduced fraction strictly between
      0 and 1, judged on its text: a float may round it to 1) never reads 100.00% or 0.00%. */
  const pct = (text) => {
    const v = 100 * num(text), t = v.toFixed(2);
    if (/^\d+\/\d+$/.test(String(text))) {
      if (t === '100.00') { return '> ' + percent(99.99, 2); }
      if (t === '0.00') { return '< ' + percent(0.01, 2); }
    }
    return percent(v, 2);
  };
  /** aot_rules/core/format.py precise_percent: two decimals, four significant digits below 1%. */
  const precisePct = (text) => {
    const v = 100 * num(text);
    if (v === 0 || v >= 1) { return pct(text); }
    return percent(v, 4 - 1 - Math.floor(Math.log10(v)));
  };
  /** aot_rules/core/format.py FRACTION_DIGITS and is_short_fraction: a fraction whose parts have at most this many
      digits is shown as it is. */
  const FRACTION_DIGITS = 9;
  const isShort = (text) => String(text).split('/').every((part) => part.replace('-', '').length <= FRACTION_DIGITS);
  /** aot_rules/core/format.py fraction_display: the fraction if it is short, else its approximate percentage ("≈",
      but not before "> 99.99%", which is already true). */
  const display = (text) => {
    if (isShort(text)) { return String(text); }
    const near = precisePct(text);
    return /^[<>]/.test(near) ? near : '≈' + near;
  };

  // ---- the language's messages ----------------------------------------------------------------------------------
  const ready = (lang === 'en' || lang === PSEUDO || !BASE) ? Promise.resolve(lang)
    : fetch(BASE + 'locales/' + lang + '.json').then((r) => (r.ok ? r.json() : null)).then((doc) => {
      if (doc) { messages = doc.messages || {}; forms = doc.plural || forms; }
      return lang;
    }).catch(() => lang);
  const api = {lang, ready, msg, nmsg, fixed, percent, pct, precisePct, isShort, display, num, pseudo};
  ready.then(() => { api.loaded = true; });
  api.loaded = lang === 'en' || lang === PSEUDO;
  window.aotI18n = api;
})();
