// The service worker (served from /sw.js so that it may handle every page). Version {{ version }}.
const VERSION = "{{ version }}";
const SHELL_CACHE = `shell-${VERSION}`;
const BUNDLE_CACHE = "bundles";
const SHELL = {{ shell|safe }};
const OFFLINE = "{{ offline }}";
// Never kept: API answers, feeds, fragments and admin downloads are live data.
const LIVE = ["/api/", "/feeds/", "/partials/", "/thumbs/", "/sw.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { credentials: "omit" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith("shell-") && name !== SHELL_CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (LIVE.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (url.pathname.startsWith("/static/dist/")) {
    // Bundles name their content: one kept is right for ever.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(BUNDLE_CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  event.respondWith(fetch(request).catch(() => caches.match(request).then((kept) => kept || Response.error())));
});
