/* The site's service worker: after a first visit, the site's front page, the At the table page, the chapters read
   and the rules engine work offline.  Only the site's own files are ever cached; a request to another host is
   not even looked at.  Written into the site root by book/_ext/aot_engine.py, which fills in the
   build's cache name and the files to keep from the start (the At the table page, its assets and the
   engine). */
'use strict';
// Each edition of the book (English at the root, Russian under ru/) has its own worker on one origin, and all of
// them share the origin's caches: a worker's cache is named after its scope, and it clears only its own old ones.
const SCOPE = new URL('./', self.location.href).pathname;
const CACHE = `aot-${SCOPE}|@BUILD@`;
const MINE = (key) => key.startsWith(`aot-${SCOPE}|`) || /^aot-[0-9a-f]{16}$/.test(key);  // or the unscoped old name
const PRECACHE = @PRECACHE@;  // paths relative to this file, the site root
const ENGINE = '_static/aot-engine/';  // versioned by the cache name: never re-fetched within a build

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(PRECACHE.map((p) => new URL(p, self.location.href).href)))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => MINE(k) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') { return; }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }  // never anything from off the host
  const root = new URL('./', self.location.href).href;
  const engine = url.href.startsWith(root + ENGINE);
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(request, {ignoreSearch: true});
    if (kept && engine) { return kept; }
    try {
      const fresh = await fetch(request);
      if (fresh.ok && fresh.type === 'basic') { cache.put(request, fresh.clone()); }
      return fresh;
    } catch (offline) {
      if (kept) { return kept; }
      throw offline;
    }
  }));
});

// A page asks to be kept, with what it loaded (client.js, once this worker is ready): the chapters a reader opened
// before this worker existed, and the page that started it, were fetched without it.  Only this site's files.
self.addEventListener('message', (event) => {
  const urls = ((event.data || {}).keep || []).filter((u) => typeof u === 'string' && new URL(u, self.location.href).origin === self.location.origin);
  if (!urls.length) { return; }
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) => cache.match(u, {ignoreSearch: true})
    .then((kept) => kept || fetch(u).then((r) => (r.ok && r.type === 'basic' ? cache.put(u, r) : null)).catch(() => null))))));
});
