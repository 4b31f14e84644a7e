import { queryOptions } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TPushSubscriptionInput } from '@hep/shared/schemas/push';
import { apiFetch } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { sendLog } from '../../../lib/logger';
import { browserTimeZone } from './browser-time-zone';

// Exercise reminders by Web Push on this browser: the prompt on /programs and the switch on the profile both
// go through here, so that they share one in-progress guard and say the same things in the same situations.

const WORKER_URL = '/service-worker.js';

/** GET /push-subscriptions/check/ (ZPushCheckResponse) and GET /push-subscriptions/public-key/ (ZPushPublicKey). */
interface TPushCheck {
  subscribed: boolean;
}
interface TPublicKey {
  public_key: string;
}

/**
 * A failure whose message is the documented text for that situation
 * (docs/product/reminders-and-notifications.md#enable-notifications), in the page's language when it was thrown.
 */
export class PushError extends Error {
  override name = 'PushError';
}

export type TPushSupport = 'supported' | 'no-notifications' | 'no-push';

/** Whether this browser can show notifications at all, and whether it can receive pushes. */
export function pushSupport(): TPushSupport {
  if (!('Notification' in window) || !('serviceWorker' in navigator)) return 'no-notifications';
  if (!('PushManager' in window)) return 'no-push';
  return 'supported';
}

/** The message for an unsupported browser, or null when it is supported. */
export function unsupportedMessage(support: TPushSupport = pushSupport()): string | null {
  if (support === 'no-notifications')
    return i18n._(msg`Notifications are not supported on your device/browser.`);
  if (support === 'no-push') return i18n._(msg`Push notifications are not supported in this browser`);
  return null;
}

let inProgress = false;

/** One subscribe or unsubscribe at a time: a second click while the first is under way is refused. */
async function exclusive<T>(work: () => Promise<T>): Promise<T> {
  if (inProgress) throw new PushError(i18n._(msg`A subscription request is already in progress`));
  inProgress = true;
  try {
    return await work();
  } finally {
    inProgress = false;
  }
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64Url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function sameBytes(a: ArrayBuffer, b: Uint8Array): boolean {
  const left = new Uint8Array(a);
  return left.length === b.length && left.every((byte, i) => byte === b[i]);
}

function toInput(subscription: PushSubscription): TPushSubscriptionInput {
  return {
    endpoint: subscription.endpoint,
    p256dh: bytesToBase64Url(subscription.getKey('p256dh')),
    auth: bytesToBase64Url(subscription.getKey('auth')),
    // Reminders then come at the preferred time where the client is, until they choose a zone themselves.
    timezone: browserTimeZone() ?? undefined,
  };
}

/** This browser's push subscription, or null (unsupported, no worker registered yet, or not subscribed). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser gets reminders: it holds a subscription and the server has it for the signed-in user. */
export async function isSubscribed(): Promise<boolean> {
  const subscription = await browserSubscription();
  if (!subscription) return false;
  const endpoint = encodeURIComponent(subscription.endpoint);
  const answer = await apiFetch<TPushCheck>(`/push-subscriptions/check/?endpoint=${endpoint}`);
  return answer.subscribed;
}

/** The profile's switch and the programs list's prompt share this answer. */
export function subscriptionQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['push-subscription', userId] as const,
    queryFn: isSubscribed,
    // The browser or the server may have dropped the subscription since: ask each time a screen needs it.
    staleTime: 0,
  });
}

async function askPermission(): Promise<void> {
  if (Notification.permission === 'denied')
    throw new PushError(i18n._(msg`Notification permission has been denied`));
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') throw new PushError(i18n._(msg`Notification permission has been denied`));
  if (permission !== 'granted') throw new PushError(i18n._(msg`Notification permission not granted`));
}

/**
 * The browser's subscription for the server's key. A subscription made for another key (the server's key was
 * replaced) would never receive anything, so it is replaced too.
 */
async function subscribe(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { public_key } = await apiFetch<TPublicKey>('/push-subscriptions/public-key/');
  const applicationServerKey = base64UrlToBytes(public_key);
  const existing = await registration.pushManager.getSubscription();
  const existingKey = existing?.options?.applicationServerKey;
  if (existing && (!existingKey || sameBytes(existingKey, applicationServerKey))) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

const saveSubscription = (subscription: PushSubscription) =>
  apiFetch<unknown>('/push-subscriptions/', { method: 'POST', body: toInput(subscription) });

function logFailure(action: string, error: unknown): void {
  sendLog({
    level: 'warn',
    message: `Push notifications: ${action} failed`,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
}

/** Asks permission, registers the worker, subscribes and saves the subscription. Throws a PushError. */
export function enableNotifications(): Promise<void> {
  return exclusive(async () => {
    const unsupported = unsupportedMessage();
    if (unsupported) throw new PushError(unsupported);
    await askPermission();
    try {
      await navigator.serviceWorker.register(WORKER_URL);
      const registration = await navigator.serviceWorker.ready;
      const subscription = await subscribe(registration);
      await saveSubscription(subscription).catch(async (error: unknown) => {
        // This browser's subscription still belongs to another account that signed in here before: the server
        // will not hand it over (docs/decisions/008-push-endpoints.md). A new subscription gets a new endpoint of our
        // own.
        if (!isApiError(error) || error.code !== 'push_endpoint_taken') throw error;
        await subscription.unsubscribe();
        await saveSubscription(await subscribe(registration));
      });
    } catch (error) {
      logFailure('enable', error);
      throw new PushError(
        i18n._(
          msg`Failed to enable notifications. Please ensure notifications are enabled in your device/browser settings and try again.`,
        ),
        { cause: error },
      );
    }
  });
}

/**
 * Forgets this browser's subscription on the server, then in the browser. The server goes first: if it cannot
 * be reached, both still agree that notifications are on.
 */
export function disableNotifications(): Promise<void> {
  return exclusive(async () => {
    const subscription = await browserSubscription();
    if (!subscription) throw new PushError(i18n._(msg`No existing subscription found`));
    const endpoint = encodeURIComponent(subscription.endpoint);
    try {
      await apiFetch<void>(`/push-subscriptions/?endpoint=${endpoint}`, { method: 'DELETE' });
    } catch (error) {
      // Already gone on the server (another device removed it, or it expired): the browser's copy goes too.
      if (!isApiError(error) || error.status !== 404) throw error;
    }
    await subscription.unsubscribe();
  });
}
