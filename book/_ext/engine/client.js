/* The page's side of the browser engine (worker.js): window.aotEngine.ask(mechanic, values) returns a
   promise of the answer the command line would print, or rejects when the engine cannot run here
   (opened from file://, or no Web Workers).  The worker starts on the first question, once per page.
   Once the engine has started it also registers the site's service worker (sw.js at the site root), which
   keeps the site's own files for use offline.  Loaded on every page (book/_ext/aot_engine.py). */
(function () {
  'use strict';
  if (window.aotEngine) { return; }
  // The page's language (i18n.js, loaded before this): the engine answers in it, and this script's own words are
  // catalogue messages.
  const i18n = window.aotI18n || {lang: 'en', msg: (t) => t, ready: Promise.resolve('en')};
  const MSG = {
    noStart: () => i18n.msg('The engine could not start.'),
    noWorkers: () => i18n.msg('This browser has no Web Workers, which the engine needs.'),
    notServed: () => i18n.msg('Answers outside the tables need the site served (make serve).'),
    fileNote: () => i18n.msg('Opened as a file: the calculators answer from their tables; answers outside them need the site served ({command}).', {command: '\u0001'}),
  };
  const script = document.currentScript;
  const BASE = script ? script.src.replace(/[?#].*$/, '').replace(/[^/]*$/, '') : '';
  const ROOT = new URL('../../', BASE).href;  // the site root: BASE is <root>/_static/aot-engine/
  const served = /^https?:$/.test(window.location.protocol);
  const available = served && typeof Worker !== 'undefined' && BASE !== '';
  let worker = null;
  let seq = 0;
  const pending = new Map();
  const listeners = [];
  const state = {ready: false, bootMs: null, lastMs: null, failed: null};

  function start() {
    worker = new Worker(BASE + 'worker.js');
    worker.onmessage = (event) => {
      const msg = event.data || {};
      if (msg.ready) {
        state.ready = true; state.bootMs = msg.ms; listeners.forEach((f) => f(state));
        // Only now, the engine running: its files are in the browser's cache, and keeping them for offline
        // use does not compete with the first answer for the network and the processor.
        register();
        return;
      }
      const p = pending.get(msg.id);
      if (!p) { return; }
      pending.delete(msg.id);
      if (msg.failed !== undefined) { state.failed = msg.failed; p.reject(new Error(msg.failed)); return; }
      if (msg.ms !== undefined) { state.lastMs = msg.ms; }
      p.resolve(msg.answer === undefined ? msg : msg.answer);
    };
    worker.onerror = (event) => {
      state.failed = event.message || MSG.noStart();
      pending.forEach((p) => p.reject(new Error(state.failed)));
      pending.clear();
    };
  }

  function post(message) {
    if (!available) {
      return Promise.reject(new Error(served ? MSG.noWorkers() : MSG.notServed()));
    }
    if (worker === null) { start(); }
    return new Promise((resolve, reject) => {
      const id = ++seq;
      pending.set(id, {resolve, reject});
      worker.postMessage(Object.assign({id, lang: i18n.lang}, message));
    });
  }

  window.aotEngine = {
    available, served, base: BASE, root: ROOT, state,
    /** The CLI's answer for one setup: {ok, json, summary, full} or {ok: false, error, params}. */
    ask: (mechanic, values) => post({mechanic, values: values || {}}),
    /** A share link as the command line reads it (["AOT-RUN", "--density=4"]): the same answer plus the values
        read, or the command line's own one-line refusal (an unknown rule ID with its "did you mean"). */
    link: (argv) => post({link: argv.map(String)}),
    /** Start the engine ahead of the first question (the At the table page does, on opening). */
    warm: () => post({warm: true}),
    onReady: (f) => { listeners.push(f); if (state.ready) { f(state); } },
  };

  // The service worker keeps the site's own files (the engine's included, 6 MB gzip) for use offline.
  // A reader who never asks the engine anything never downloads it: it registers once the engine has started.
  let registered = false;
  function register() {
    if (registered || !served || !('serviceWorker' in navigator)) { return; }
    registered = true;
    navigator.serviceWorker.register(ROOT + 'sw.js').catch(() => {});
    // Keep the pages read so far (this one included) with what they loaded: they were fetched without the worker.
    navigator.serviceWorker.ready.then((reg) => {
      if (reg.active) { reg.active.postMessage({keep: read().concat(loaded())}); }
    }).catch(() => {});
  }
  // The pages this reader has opened (the site's own, at most 200), remembered for the service worker.
  const READ = 'aot-read-pages';
  const read = () => { try { return JSON.parse(localStorage.getItem(READ) || '[]'); } catch (e) { return []; } };
  const loaded = () => [window.location.href.split('#')[0]].concat((performance.getEntriesByType('resource') || [])
    .map((e) => e.name).filter((u) => u.startsWith(window.location.origin) && !/\/aot-engine\/(pyodide|wheels)\//.test(u)));
  if (served) {
    try {
      const pages = read().filter((u) => u !== window.location.href.split('#')[0]);
      localStorage.setItem(READ, JSON.stringify(loaded().slice(0, 60).concat(pages).slice(0, 200)));
    } catch (e) { /* private mode: nothing remembered */ }
  }
  // Opened from file://, the browser blocks the engine: pages with calculators say so in one line.
  if (!served) {
    document.addEventListener('DOMContentLoaded', () => i18n.ready.then(() => {
      const first = document.querySelector('.aot-widget');
      if (!first) { return; }
      const note = document.createElement('p');
      note.className = 'aot-file-note';
      const code = document.createElement('code');
      code.textContent = 'make serve';
      note.append(...MSG.fileNote().split('\u0001').flatMap((part, i) => (i ? [code, part] : [part])));
      first.parentNode.insertBefore(note, first);
    }));
  }
  // A page already kept offline keeps itself up to date.
  if (served && 'serviceWorker' in navigator && navigator.serviceWorker.controller) { register(); }
})();
