/*
 * Service worker (design 10.5):
 * - keeps this build's app shell (written in by apps/web/vite-plugins/service-worker-precache.ts as __PRECACHE
 *   and __BUILD) in a cache named after the build; a new build installs its own and deletes the old on activate;
 * - opens pages from the network, or from the cached shell when offline;
 * - answers the client's week, programs, profile and exercise photos from the network, keeping the last answer
 *   for when the phone is offline (cleared at logout: a shared phone keeps nothing);
 * - shows exercise reminders sent by Web Push ({ title, body, url }: ZReminderPayload) and opens the reminder's
 *   page when one is tapped. Only a path on this site is followed, so that a push can never send the user to
 *   another site; anything else opens the programs list.
 */
const PROGRAMS_PATH = '/programs';
const BUILD = typeof self.__BUILD === 'string' ? self.__BUILD : 'dev';
const PRECACHE = Array.isArray(self.__PRECACHE) ? self.__PRECACHE : [];
const SHELL_PREFIX = 'hep-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${BUILD}`;
/** Server answers for the signed-in user; every cache named `hep-user-…` is deleted at logout. */
const USER_CACHE = 'hep-user-data';
const USER_PREFIX = 'hep-user-';

/** GET calls whose last answer is kept for offline use: what the client's pages need to show their exercises. */
const OFFLINE_API = [
  /^\/api\/programs\/?$/, // the week's programs (?start_date=&end_date=) and a client's list
  /^\/api\/programs\/status\/?$/, // the week's day statuses
  /^\/api\/programs\/\d+\/?$/, // one program with its exercises
  /^\/api\/programs\/\d+\/status\/?$/, // one program's month of day statuses
  /^\/api\/users\/\d+\/?$/, // the profile that start-up and the shell read
];
/** Signed media URLs: photos are kept by their path (the signature changes every few minutes); videos are not. */
const MEDIA = /^\/api\/media\/\d+\/?$/;

/** Bumped when the user caches are cleared, so that an answer still on its way is not stored after a logout. */
let generation = 0;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // `reload`: straight from the server, not a copy the browser's HTTP cache kept from an older build.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

async function clearUserCaches() {
  generation += 1;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(USER_PREFIX)).map((name) => caches.delete(name)));
}

/** Build files the page loaded before this worker controlled it: kept so that those pages open offline too. */
async function keepAssets(urls) {
  const cache = await caches.open(SHELL_CACHE);
  for (const url of Array.isArray(urls) ? urls : []) {
    if (typeof url !== 'string') continue;
    const target = new URL(url, self.location.origin);
    if (target.origin !== self.location.origin || !target.pathname.startsWith('/assets/')) continue;
    if (await cache.match(target.pathname)) continue;
    await cache.add(target.pathname).catch(() => undefined);
  }
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data !== 'object') return;
  const reply = event.ports && event.ports[0];
  if (data.type === 'clear-user-caches') {
    event.waitUntil(clearUserCaches().finally(() => reply && reply.postMessage({ cleared: true })));
  } else if (data.type === 'keep-assets') {
    event.waitUntil(keepAssets(data.urls));
  }
});

/** A page: the network's answer, or this build's index.html when there is no network. */
async function openPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** A build file: hashed names never change, so a kept copy is always right; route chunks are kept as they load. */
async function buildFile(event, pathname) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(pathname);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && pathname.startsWith('/assets/')) {
    event.waitUntil(cache.put(pathname, response.clone()).catch(() => undefined));
  }
  return response;
}

/**
 * Stores an answer under its URL alone: the request's headers (the bearer token) are never written to disk.
 * An answer that arrives after a logout cleared the caches is dropped.
 */
async function keepAnswer(key, response, startedIn) {
  if (startedIn !== generation) return;
  const cache = await caches.open(USER_CACHE);
  await cache.put(key, response);
  if (startedIn !== generation) await cache.delete(key);
}

/** Network first; the last good answer when the network cannot be reached (not when the server says no). */
async function serverAnswer(event, key, keep) {
  const startedIn = generation;
  try {
    const response = await fetch(event.request);
    if (response.status === 200 && keep(response)) {
      event.waitUntil(keepAnswer(key, response.clone(), startedIn).catch(() => undefined));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key, { cacheName: USER_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

const isPhoto = (response) => (response.headers.get('content-type') || '').startsWith('image/');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) {
    if (request.mode === 'navigate') return;
    if (OFFLINE_API.some((pattern) => pattern.test(path))) {
      event.respondWith(serverAnswer(event, url.href, () => true));
    } else if (MEDIA.test(path) && !request.headers.has('range')) {
      event.respondWith(serverAnswer(event, `${url.origin}${path}`, isPhoto));
    }
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(openPage(request));
  } else if (path.startsWith('/assets/') || PRECACHE.includes(path)) {
    event.respondWith(buildFile(event, path));
  }
});

function readPayload(event) {
  if (!event.data) return {};
  try {
    const payload = event.data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** The payload's url as a path on this origin (with its query), else the programs list. */
function pathOf(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return PROGRAMS_PATH;
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin !== self.location.origin) return PROGRAMS_PATH;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return PROGRAMS_PATH;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title =
    typeof payload.title === 'string' && payload.title ? payload.title : 'Time for your exercises';
  const body =
    typeof payload.body === 'string' && payload.body
      ? payload.body
      : 'You have exercises waiting for you today.';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/icons/icon-192.png',
      badge: '/logo.svg',
      // The server names one of its tags; anything else is the day's reminder.
      tag: payload.tag === 'program-updated' ? 'program-updated' : 'exercise-reminder',
      data: { path: pathOf(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const target = new URL(pathOf(data && data.path), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        try {
          const focused = await client.focus();
          // navigate() works only on a window this worker controls; otherwise open a new one below.
          if (focused.navigate) return await focused.navigate(target);
        } catch {
          break;
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
