/*
 * Service worker: receives exercise reminders by Web Push ({ title, body, url }: ZReminderPayload) and opens the
 * reminder's page when one is tapped. Only a path on this site is followed, so that a push can never send the
 * user to another site; anything else opens the programs list.
 */
const PROGRAMS_PATH = '/programs';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
      icon: '/logo.svg',
      badge: '/logo.svg',
      tag: 'exercise-reminder',
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
