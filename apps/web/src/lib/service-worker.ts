/** Built from apps/web/service-worker/service-worker.ts (docs/decisions/022-workbox-service-worker.md). */
const WORKER_URL = '/service-worker.js';
/** The worker's caches of server answers; the app shell's caches hold no one's data. */
const USER_CACHE_PREFIX = 'hep-user-';
/** How long logout waits for the worker to confirm; the caches are deleted from the page as well. */
const CLEAR_WAIT_MS = 1_000;

/** Build files this page loaded (the worker keeps them so that the page opens offline next time). */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`));
}

function tellWorkerWhatLoaded(): void {
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: 'keep-assets', urls: loadedAssets() }),
  );
}

/**
 * Registers /service-worker.js: push reminders, the app shell offline, and the last week and programs fetched.
 * Failures only mean no push and no offline use on this browser. The dev server has no worker: only the build
 * makes one.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(WORKER_URL)
      .then(tellWorkerWhatLoaded)
      .catch(() => undefined);
    // The first worker takes over this page only once it is installed: tell it again what loaded meanwhile.
    navigator.serviceWorker.addEventListener('controllerchange', tellWorkerWhatLoaded);
  });
}

/** Asks the worker to clear (so that an answer still on its way is not stored after), waiting a moment at most. */
async function askWorkerToClear(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = registration?.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, CLEAR_WAIT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'clear-user-caches' }, [channel.port2]);
  });
}

/**
 * Deletes every cache the service worker keeps for offline use (docs/product/session.md#offline: a shared phone keeps
 * nothing after logout). Safe to call when there is no service worker; never throws.
 */
export async function clearOfflineCaches(): Promise<void> {
  try {
    if ('serviceWorker' in navigator) await askWorkerToClear();
    if (typeof caches === 'undefined') return;
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(USER_CACHE_PREFIX)).map((name) => caches.delete(name)),
    );
  } catch {
    // No cache storage here (e.g. a private window that refuses it): nothing was kept.
  }
}
