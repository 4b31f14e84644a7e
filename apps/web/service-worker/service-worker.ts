/*
 * The service worker (docs/decisions/018-offline-shell-and-cache.md, docs/decisions/022-workbox-service-worker.md),
 * built to dist/service-worker.js by vite-plugin-pwa, which writes this build's app shell into
 * `self.__WB_MANIFEST` (apps/web/vite-plugins/service-worker.ts). Workbox does the caching:
 * - the app shell is precached per build: a new build fetches what changed and drops what it no longer lists;
 * - pages come from the network, or from the precached index.html when there is no network;
 * - build files the shell does not list (other pages' code) are kept as they load, per build;
 * - the client's week, programs, profile and exercise photos come from the network, the last answer kept for when
 *   the phone is offline.
 * Our own code: deleting the kept answers at every session end (a shared phone keeps nothing), keeping the files
 * the page loaded before this worker controlled it, and reminders and change notices sent by Web Push.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const PROGRAMS_PATH = '/programs';
const MANIFEST = self.__WB_MANIFEST;
/** The build, named by the revision of its index.html (which names every build file, so any change changes it). */
const BUILD =
  MANIFEST.find((entry): entry is PrecacheEntry => typeof entry !== 'string' && entry.url === 'index.html')
    ?.revision ?? 'dev';
/** Build files loaded after the shell: one cache per build, the others deleted when this worker takes over. */
const ASSETS_PREFIX = 'hep-assets-';
const ASSETS_CACHE = `${ASSETS_PREFIX}${BUILD}`;
/** The shell caches of the worker before Workbox (one per build): deleted when this worker takes over. */
const OLD_SHELL_PREFIX = 'hep-shell-';
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

// A new worker takes over at once: the shell it replaces is deleted, so it must serve the open pages too.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

// Pages first, so that a page always comes from the network when there is one (the shell is only the fallback).
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache('/index.html')) ?? undefined }],
    }),
    { denylist: [/^\/api(\/|$)/] },
  ),
);
precacheAndRoute(MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter(
        (name) =>
          name.startsWith(OLD_SHELL_PREFIX) || (name.startsWith(ASSETS_PREFIX) && name !== ASSETS_CACHE),
      );
      await Promise.all(old.map((name) => caches.delete(name)));
    })(),
  );
});

/** A build file: hashed names never change, so a kept copy is always right. */
const isBuildFile = (url: URL) => url.pathname.startsWith('/assets/');
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.mode !== 'navigate' && isBuildFile(url),
  new CacheFirst({ cacheName: ASSETS_CACHE }),
);

/**
 * Keeps a server answer under `key` alone, so that the request's headers (the bearer token) are never written to
 * disk; only a 200 that `keep` accepts, and never one that arrives after a logout cleared the caches.
 */
function keptAnswers(key: (url: URL) => string, keep: (response: Response) => boolean): WorkboxPlugin {
  return {
    handlerWillStart: async ({ state }) => {
      if (state) state.generation = generation;
    },
    cacheKeyWillBeUsed: async ({ request }) => key(new URL(request.url)),
    cacheWillUpdate: async ({ response, state }) =>
      state?.generation === generation && response.status === 200 && keep(response) ? response : null,
    cacheDidUpdate: async ({ cacheName, request, state }) => {
      if (state?.generation !== generation) await (await caches.open(cacheName)).delete(request);
    },
  };
}

/** Network first; the last good answer only when the network cannot be reached (not when the server says no). */
const lastAnswer = (key: (url: URL) => string, keep: (response: Response) => boolean) =>
  new NetworkFirst({
    cacheName: USER_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [keptAnswers(key, keep)],
  });
const isPhoto = (response: Response) => (response.headers.get('content-type') ?? '').startsWith('image/');

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.mode !== 'navigate' && OFFLINE_API.some((pattern) => pattern.test(url.pathname)),
  lastAnswer(
    (url) => url.href,
    () => true,
  ),
);
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.mode !== 'navigate' && MEDIA.test(url.pathname) && !request.headers.has('range'),
  lastAnswer((url) => `${url.origin}${url.pathname}`, isPhoto),
);

async function clearUserCaches(): Promise<void> {
  generation += 1;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(USER_PREFIX)).map((name) => caches.delete(name)));
}

/** Build files the page loaded before this worker controlled it: kept so that those pages open offline too. */
async function keepAssets(urls: unknown): Promise<void> {
  for (const url of Array.isArray(urls) ? urls : []) {
    if (typeof url !== 'string') continue;
    const target = new URL(url, self.location.origin);
    if (target.origin !== self.location.origin || !isBuildFile(target)) continue;
    if (getCacheKeyForURL(target.pathname)) continue;
    if (await caches.match(target.pathname, { cacheName: ASSETS_CACHE })) continue;
    await (await caches.open(ASSETS_CACHE)).add(target.pathname).catch(() => undefined);
  }
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!data || typeof data !== 'object' || !('type' in data)) return;
  const reply = event.ports[0];
  if (data.type === 'clear-user-caches') {
    event.waitUntil(clearUserCaches().finally(() => reply?.postMessage({ cleared: true })));
  } else if (data.type === 'keep-assets') {
    event.waitUntil(keepAssets('urls' in data ? data.urls : undefined));
  }
});

interface PushPayload {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

function readPayload(event: PushEvent): PushPayload {
  if (!event.data) return {};
  try {
    const payload: unknown = event.data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return { body: event.data.text() };
  }
}

/**
 * The payload's url as a path on this origin (with its query), else the programs list: a push can never send the
 * user to another site.
 */
function pathOf(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/')) return PROGRAMS_PATH;
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin !== self.location.origin) return PROGRAMS_PATH;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return PROGRAMS_PATH;
  }
}

/** The lock screen keeps one notification per tag: a new message never replaces today's reminder. */
const TAGS: readonly unknown[] = ['program-updated', 'message'];
const tagOf = (tag: unknown) => (TAGS.includes(tag) ? (tag as string) : 'exercise-reminder');

/** Exercise reminders, change notices and new messages ({ title, body, url, tag }: ZReminderPayload). */
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
      tag: tagOf(payload.tag),
      data: { path: pathOf(payload.url) },
    }),
  );
});

/** Opens the notification's page, in a window of this site if one is open. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const target = new URL(
    pathOf(data && typeof data === 'object' && 'path' in data ? data.path : undefined),
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        try {
          const focused = await client.focus();
          // navigate() works only on a window this worker controls; otherwise open a new one below.
          if (focused.navigate) {
            await focused.navigate(target);
            return;
          }
        } catch {
          break;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
