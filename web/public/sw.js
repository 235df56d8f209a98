/*
 * Service worker: makes a return visit open instantly and survive a flaky connection.
 * - Pages (navigations): the network first, since public pages come rendered from the server with
 *   their own data (decision 0012); the cached app shell when the network is down or slow, so a
 *   return visit still opens without a connection.
 * - /assets/* (content-hashed, immutable): cache first.
 * - /api/*: network first; public reads fall back to their last copy when offline. Anything
 *   personal (session, account, admin) is never stored.
 * - Other same-origin files (images, icons): cached copy, refreshed in the background.
 * - Media and Range requests (video seeking) go straight to the network: a 206 partial answer
 *   cannot be cached, and caching whole videos would fill the phone.
 * The schedule (/api/single_class) is not kept: for a signed-in customer it holds their bookings.
 * Bump VERSION to drop every cache on the next activation.
 */
const VERSION = "v3";
/** The plain app shell (no page rendered in it): right for every route, as the SPA renders itself. */
const SHELL_URL = "/index.html";
/** How long a page may take over the network before the cached shell is shown instead. */
const NAVIGATION_TIMEOUT_MS = 3000;
const SHELL = `shell-${VERSION}`;
const ASSETS = `assets-${VERSION}`;
const RUNTIME = `runtime-${VERSION}`;
const PUBLIC_API = /^\/api\/(appconfig|pages|announcements|instructors|class_types|class_packages|tags)(\/|$|\?)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(new Request(SHELL_URL, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const keep = new Set([SHELL, ASSETS, RUNTIME]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => !keep.has(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function staleWhileRevalidate(event, cacheName, request, key = request) {
  const network = fetch(request).then(async (response) => {
    if (response.status === 200) await (await caches.open(cacheName)).put(key, response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  return caches.match(key).then((cached) => cached || network);
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200) await (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

async function pageFromNetwork(event, request) {
  const network = fetch(request).then(async (response) => {
    // Keep the shell current: the plain index.html carries the latest asset names.
    if (response.ok) event.waitUntil(fetch(SHELL_URL).then((shell) => shell.ok && caches.open(SHELL).then((cache) => cache.put(SHELL_URL, shell))).catch(() => undefined));
    return response;
  });
  const slow = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS));
  const cachedShell = () => caches.match(SHELL_URL);
  try {
    const first = await Promise.race([network, slow.then(cachedShell)]);
    return first || (await network);
  } catch {
    return (await cachedShell()) || Response.error();
  }
}

async function networkFirst(request, url) {
  const storable = PUBLIC_API.test(url.pathname + url.search);
  try {
    const response = await fetch(request);
    if (storable && response.status === 200) await (await caches.open(RUNTIME)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = storable ? await caches.match(request) : undefined;
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.headers.has("range") || request.destination === "video" || request.destination === "audio") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) {
    event.respondWith(networkFirst(request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(pageFromNetwork(event, request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (!url.pathname.startsWith("/files/") && url.pathname !== "/sw.js") {
    event.respondWith(staleWhileRevalidate(event, RUNTIME, request));
  }
});

/*
 * Web push (decision 0087): the studio's message ({ title, body, url } from
 * server/modules/messaging/push-sender.ts) shown as a notification; a tap opens (or focuses) the
 * app at its address. A payload that is not that JSON still shows, as plain text, so a message is
 * never silently dropped.
 */
self.addEventListener("push", (event) => {
  let message = { title: "", body: "", url: "/mystudio" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    message.body = event.data ? event.data.text() : "";
  }
  event.waitUntil(
    self.registration.showNotification(message.title || self.location.hostname, {
      body: message.body,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      lang: "es-MX",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/mystudio", self.location.origin);
  // Only the app's own pages: a message never sends the customer elsewhere.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.navigate(target.href).then((w) => (w ?? open).focus());
      return self.clients.openWindow(target.href);
    }),
  );
});
