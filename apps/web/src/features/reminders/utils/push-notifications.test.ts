import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import {
  base64UrlToBytes,
  bytesToBase64Url,
  disableNotifications,
  enableNotifications,
  pushSupport,
  unsupportedMessage,
} from './push-notifications';

// What the page says, in English (the catalog's source; no catalog is loaded here).
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
const TEXT = {
  notificationsUnsupportedDevice: 'Notifications are not supported on your device/browser.',
  pushUnsupported: 'Push notifications are not supported in this browser',
  permissionDenied: 'Notification permission has been denied',
  permissionNotGranted: 'Notification permission not granted',
  subscriptionInProgress: 'A subscription request is already in progress',
  noExistingSubscription: 'No existing subscription found',
};

// The browser's side only: what each situation says before any server call. Enabling against the real server,
// service worker and push delivery is covered by e2e/notifications.test.ts in Chromium.

interface FakeBrowser {
  permission?: NotificationPermission;
  request?: () => Promise<NotificationPermission>;
  push?: boolean;
  notifications?: boolean;
  subscription?: object | null;
}

function fakeBrowser({
  permission = 'default',
  request = () => Promise.resolve('granted'),
  push = true,
  notifications = true,
  subscription = null,
}: FakeBrowser) {
  const window: Record<string, unknown> = {};
  if (notifications) window.Notification = { permission, requestPermission: vi.fn(request) };
  if (push) window.PushManager = class {};
  vi.stubGlobal('window', window);
  vi.stubGlobal('Notification', window.Notification);
  const registration = { pushManager: { getSubscription: () => Promise.resolve(subscription) } };
  vi.stubGlobal(
    'navigator',
    notifications ? { serviceWorker: { getRegistration: () => Promise.resolve(registration) } } : {},
  );
  return window.Notification as { requestPermission: ReturnType<typeof vi.fn> } | undefined;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('push notifications in the browser', () => {
  it('converts keys between base64url and bytes both ways', () => {
    const bytes = Uint8Array.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    const text = bytesToBase64Url(bytes.buffer);
    expect(text).toBe('AAEC-vv8_f7_');
    expect([...base64UrlToBytes(text)]).toEqual([...bytes]);
    expect([...base64UrlToBytes('AAEC-vv8_f7_==')]).toEqual([...bytes]);
    expect(bytesToBase64Url(null)).toBe('');
  });

  it('says when the browser cannot show notifications or receive pushes', async () => {
    fakeBrowser({ notifications: false });
    expect(pushSupport()).toBe('no-notifications');
    await expect(enableNotifications()).rejects.toThrow(TEXT.notificationsUnsupportedDevice);
    fakeBrowser({ push: false });
    expect(pushSupport()).toBe('no-push');
    expect(unsupportedMessage()).toBe(TEXT.pushUnsupported);
    await expect(enableNotifications()).rejects.toThrow(TEXT.pushUnsupported);
    fakeBrowser({});
    expect(unsupportedMessage()).toBeNull();
  });

  it('says whether permission was denied before or not given when asked', async () => {
    const blocked = fakeBrowser({ permission: 'denied' });
    await expect(enableNotifications()).rejects.toThrow(TEXT.permissionDenied);
    expect(blocked?.requestPermission).not.toHaveBeenCalled();
    fakeBrowser({ request: () => Promise.resolve('denied') });
    await expect(enableNotifications()).rejects.toThrow(TEXT.permissionDenied);
    fakeBrowser({ request: () => Promise.resolve('default') });
    await expect(enableNotifications()).rejects.toThrow(TEXT.permissionNotGranted);
  });

  it('refuses a second request while one is in progress', async () => {
    let answer: (value: NotificationPermission) => void = () => undefined;
    fakeBrowser({ request: () => new Promise((resolve) => (answer = resolve)) });
    const first = enableNotifications();
    await expect(enableNotifications()).rejects.toThrow(TEXT.subscriptionInProgress);
    await expect(disableNotifications()).rejects.toThrow(TEXT.subscriptionInProgress);
    answer('default');
    await expect(first).rejects.toThrow(TEXT.permissionNotGranted);
    // Done: the next request is taken again.
    await expect(disableNotifications()).rejects.toThrow(TEXT.noExistingSubscription);
  });

  it('says so when there is nothing to turn off', async () => {
    fakeBrowser({ subscription: null });
    await expect(disableNotifications()).rejects.toThrow(TEXT.noExistingSubscription);
  });
});
