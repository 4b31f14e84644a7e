/** Registers /service-worker.js (push reminders). Failures only mean no push on this browser. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/service-worker.js').catch(() => undefined);
  });
}

/**
 * Deletes every cache the service worker keeps for offline use (design 10.5: a shared phone keeps nothing after
 * logout). Safe to call when there is no service worker.
 */
export async function clearOfflineCaches(): Promise<void> {
  // Filled in by the offline work: the worker's API and page caches.
}
