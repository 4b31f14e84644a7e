import type { Page } from 'playwright-core';

/** The localStorage key under which the page keeps its stand-in subscription (so that it survives reloads). */
export const STORED = '__e2e_push_subscription';

/**
 * Headless Chromium has no push service to subscribe with, so only PushManager's subscribe and getSubscription
 * are replaced, in the page: the subscription's endpoint is the loopback push service and its p256dh and auth are
 * a real P-256 public key and 16 random bytes made with WebCrypto, as a browser makes them. Everything else (the
 * permission, the service worker, the server calls) is the real thing.
 */
export function fakePushManager({ endpointBase, key }: { endpointBase: string; key: string }) {
  const toB64 = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const fromB64 = (text: string) => {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  };
  interface Stored {
    endpoint: string;
    p256dh: string;
    auth: string;
    serverKey: string;
    userVisibleOnly: boolean;
  }
  const make = (stored: Stored) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    options: {
      userVisibleOnly: stored.userVisibleOnly,
      applicationServerKey: fromB64(stored.serverKey).buffer,
    },
    getKey: (name: string) => fromB64(name === 'p256dh' ? stored.p256dh : stored.auth).buffer,
    toJSON: () => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      keys: { p256dh: stored.p256dh, auth: stored.auth },
    }),
    unsubscribe: async () => {
      localStorage.removeItem(key);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function getSubscription() {
    const raw = localStorage.getItem(key);
    return (raw ? make(JSON.parse(raw) as Stored) : null) as unknown as PushSubscription | null;
  };
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const serverKey = options?.applicationServerKey;
    const stored: Stored = {
      endpoint: `${endpointBase}${crypto.randomUUID()}`,
      p256dh: toB64(publicKey),
      auth: toB64(crypto.getRandomValues(new Uint8Array(16))),
      serverKey:
        serverKey instanceof ArrayBuffer || ArrayBuffer.isView(serverKey)
          ? toB64(new Uint8Array(serverKey instanceof ArrayBuffer ? serverKey : serverKey.buffer))
          : String(serverKey ?? ''),
      userVisibleOnly: options?.userVisibleOnly === true,
    };
    localStorage.setItem(key, JSON.stringify(stored));
    return make(stored) as unknown as PushSubscription;
  };
}

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  serverKey: string;
  userVisibleOnly: boolean;
}

export function storedSubscription(page: Page): Promise<StoredSubscription | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredSubscription) : null;
  }, STORED);
}
