/* Service worker: receives exercise reminders by Web Push and opens the programs list when one is tapped. */
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
    return event.data.json();
  } catch {
    return { body: event.data.text() };
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
      data: { path: PROGRAMS_PATH },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(PROGRAMS_PATH, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin) {
          const focused = await client.focus();
          return focused.navigate ? focused.navigate(target) : focused;
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
