/** Whether the browser knows it has no connection (then a save is kept at once, without trying). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
