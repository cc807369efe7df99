// The console's service worker (docs/notifications.md#installable-console), scope /painel only: the public pages
// never get it. It keeps the console's shell and the answers of the console's GETs it saw, so an installed console
// opens offline with its last figures; it shows the shop's push notifications and opens the console where they point.
const CACHE = 'painel-v1';
const API = '/api/admin/';
const SAVED_AT = 'x-painel-saved-at';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add('/painel')).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function fromNetworkOrCache(request, client) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // Only the screens' JSON: a CSV or PDF download stays out of the device's copy.
    const json = (response.headers.get('Content-Type') ?? '').includes('json');
    if (response.ok && (json || request.mode === 'navigate' || request.url.endsWith('/painel'))) {
      const headers = new Headers(response.headers);
      headers.set(SAVED_AT, String(Date.now()));
      await cache.put(request, new Response(await response.clone().blob(), { status: response.status, headers }));
    }
    return response;
  } catch (error) {
    const saved = await cache.match(request, { ignoreVary: true });
    if (!saved) throw error;
    const savedAt = Number(saved.headers.get(SAVED_AT));
    if (client && savedAt) client.postMessage({ type: 'painel-offline', savedAt });
    return saved;
  }
}

async function assetFromCache(request) {
  const cache = await caches.open(CACHE);
  const saved = await cache.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const inConsole = url.pathname === '/painel' || url.pathname.startsWith('/painel/');
  if (request.mode === 'navigate' && inConsole) {
    event.respondWith(fromNetworkOrCache(new Request('/painel'), null));
  } else if (url.pathname.startsWith(API)) {
    event.respondWith(self.clients.get(event.clientId).then((client) => fromNetworkOrCache(request, client)));
  } else if (url.pathname.startsWith('/assets/')) {
    // Vite names each asset by its content: a kept copy is never stale.
    event.respondWith(assetFromCache(request));
  }
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'painel-signed-out') event.waitUntil(caches.delete(CACHE));
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' ? message.title : 'Vitrine';
  const tag = typeof message.tag === 'string' ? message.tag : undefined;
  const silent = message.silent === true;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag,
      renotify: Boolean(tag) && !silent,
      silent,
      icon: '/painel/icon-192.png',
      data: { url: typeof message.url === 'string' && message.url.startsWith('/painel') ? message.url : '/painel' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/painel', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).pathname === '/painel');
      if (open) {
        await open.focus();
        // Only a window this worker controls may be navigated by it.
        const moved = await open.navigate(target).catch(() => null);
        if (moved) return moved;
      }
      return self.clients.openWindow(target);
    }),
  );
});
