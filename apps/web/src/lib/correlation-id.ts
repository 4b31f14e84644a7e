// The id sent as X-Correlation-ID with every request. It lives for the tab (sessionStorage, not localStorage,
// which holds only the signed-in user's fields) and follows whatever id the server answers with.
const STORAGE_KEY = 'correlation_id';
const WELL_FORMED = /^[A-Za-z0-9._-]{8,64}$/;

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

let current = readStored() ?? newId();

export function getCorrelationId(): string {
  return current;
}

export function setCorrelationId(id: string | null): void {
  if (!id || !WELL_FORMED.test(id) || id === current) return;
  current = id;
  try {
    sessionStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage can be unavailable (private mode); the id still works for this page.
  }
}
