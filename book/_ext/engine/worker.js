/* The rules engine in a Web Worker: Pyodide (vendored into the site by book/_ext/aot_engine.py) runs
   the project's own wheel, and every question is answered by aot_rules.present.answer.respond, the
   function behind the command line's --json output.  Nothing here computes a probability; nothing is
   fetched from off the host.  The page talks to it through client.js:
     in:  {id, lang: "ru", mechanic: "AOT-MELEE-RESULT", values: {"a-ranks": "3,4", "b-shield": true, ...}}
          (lang: the page's language, <html lang>: display fields are rendered in it, codes stay as they are)
          {id, link: ["AOT-RUN", "--density=4", "--shield"]}  (a share link, read by the command line's own
          parser: aot_rules.cli.odds.respond_link; its answer also carries the values read)
     out: {id, answer: {ok: true, json: <the CLI's JSON>, summary: {...}, full: {...}}}
          {id, answer: {ok: false, error: "error: --a-ranks: AOT-DENSITY: ...", params: ["a_ranks"]}}
          {id, failed: "<why the engine could not start>"}                                       */
'use strict';
const BASE = self.location.href.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
const WHEEL = '@WHEEL@';  // written in by the build: the project's wheel in wheels/
let engine = null;

function boot() {
  if (engine === null) {
    engine = (async () => {
      const t0 = performance.now();
      importScripts(BASE + 'pyodide/pyodide.js');
      const quiet = () => {};
      const py = await self.loadPyodide({indexURL: BASE + 'pyodide/', stdout: quiet, stderr: quiet});
      await py.loadPackage(BASE + 'wheels/' + WHEEL, {messageCallback: quiet, errorCallback: quiet});
      // Each answer is rendered in the page's language: the same functions called within speaking(lang).
      // (odds by sys.modules: the package aot_rules.cli re-exports its function odds under the submodule's name)
      py.runPython([
        'import importlib',
        'from aot_rules.core.i18n import known, speaking',
        'from aot_rules.present.answer import respond_json',
        '_odds = importlib.import_module("aot_rules.cli.odds")',
        'def aot_respond(lang, mechanic, values):',
        '    with speaking(known(lang) or "en"):',
        '        return respond_json(mechanic, values)',
        'def aot_link(lang, argv):',
        '    with speaking(known(lang) or "en"):',
        '        return _odds.respond_link_json(argv)',
      ].join('\n'));
      const respond = py.globals.get('aot_respond');
      const link = py.globals.get('aot_link');
      self.postMessage({ready: true, ms: performance.now() - t0});
      return {respond, link};
    })();
  }
  return engine;
}

self.onmessage = async (event) => {
  const {id, lang, mechanic, values, warm, link} = event.data || {};
  try {
    const py = await boot();
    if (warm) { self.postMessage({id, warmed: true}); return; }
    const t0 = performance.now();
    const text = link ? py.link(String(lang || 'en'), JSON.stringify(link))
      : py.respond(String(lang || 'en'), String(mechanic), JSON.stringify(values || {}));
    self.postMessage({id, answer: JSON.parse(text), ms: performance.now() - t0});
  } catch (err) {
    self.postMessage({id, failed: String((err && err.message) || err)});
  }
};
