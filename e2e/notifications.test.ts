import type { BrowserContext, Page } from 'playwright-core';
import { NOTIFICATION_TEXTS } from '@hep/shared/texts/notifications';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, logIn, newContext, screenshot, useBrowser } from './support/browser';
import { api, createActiveClient, therapistToken, type TestClient } from './support/client-factory';
import { fakePushManager, STORED, storedSubscription } from './support/fake-push-manager';

const browser = useBrowser();
/** Answers that go through the server (and the service worker) may take a few seconds on a busy machine. */
const SOON = { timeout: 10_000 };

async function serverHas(client: TestClient, endpoint: string): Promise<boolean> {
  const check = await api<{ subscribed: boolean }>(
    client.token,
    `/push-subscriptions/check/?endpoint=${encodeURIComponent(endpoint)}`,
  );
  expect(check.status).toBe(200);
  return check.body.subscribed;
}

async function contextWithPush(viewport = DESKTOP): Promise<BrowserContext> {
  const context = await newContext(browser(), viewport, { serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(fakePushManager, {
    endpointBase: `${inject('pushService').url}/push/`,
    key: STORED,
  });
  return context;
}

const prompt = (page: Page) => page.getByRole('region', { name: 'Enable Notifications?' });
const browserSwitch = (page: Page) => page.getByRole('switch', { name: 'Notifications on this browser' });

describe('notifications', () => {
  let therapist = '';

  beforeAll(async () => {
    therapist = await therapistToken();
  });

  it('enables reminders from the prompt, turns them off and on from the profile, and shows a pushed one', async () => {
    const client = await createActiveClient(therapist, `Notify${Date.now()}`);
    const context = await contextWithPush();
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await expect.poll(() => prompt(page).isVisible(), SOON).toBe(true);
    expect(await prompt(page).getByRole('button', { name: 'Close' }).isVisible()).toBe(true);
    expect(await prompt(page).getByRole('button', { name: 'Maybe Later' }).isVisible()).toBe(true);
    await expectAccessible(page, 'notification prompt');
    await screenshot(page, 'notification-prompt-desktop');

    await prompt(page).getByRole('button', { name: 'Enable Notifications' }).click();
    const success = page.getByText(NOTIFICATION_TEXTS.notificationsEnabled);
    await expect.poll(() => success.isVisible(), SOON).toBe(true);
    const shownAt = Date.now();
    const stored = await storedSubscription(page);
    expect(stored?.endpoint.startsWith(`${inject('pushService').url}/push/`)).toBe(true);
    expect(stored?.userVisibleOnly).toBe(true);
    // The browser was given the server's own application server key.
    const key = await api<{ public_key: string }>(client.token, '/push-subscriptions/public-key/');
    expect(stored?.serverKey).toBe(key.body.public_key.replace(/=+$/, ''));
    expect(await serverHas(client, stored!.endpoint)).toBe(true);
    // The success text stays for 2 s, then the prompt closes.
    await expect.poll(() => prompt(page).isVisible(), { timeout: 5_000, interval: 100 }).toBe(false);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_700);

    // Subscribed: the prompt does not come back.
    await page.reload();
    await expect.poll(() => page.getByText(/^Showing week:/).isVisible(), SOON).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await prompt(page).count()).toBe(0);

    // The profile's switch is on; turning it off unsubscribes here and on the server.
    await page.goto(`/user/${client.id}`);
    await expect.poll(() => browserSwitch(page).getAttribute('aria-checked'), SOON).toBe('true');
    await expectAccessible(page, 'profile with notifications on');
    await screenshot(page, 'notifications-switch-desktop');
    await browserSwitch(page).click();
    await expect
      .poll(() => page.getByText(NOTIFICATION_TEXTS.notificationsDisabled).isVisible(), SOON)
      .toBe(true);
    expect(await browserSwitch(page).getAttribute('aria-checked')).toBe('false');
    expect(await storedSubscription(page)).toBeNull();
    expect(await serverHas(client, stored!.endpoint)).toBe(false);

    // Turned off on purpose: the programs list does not prompt again.
    await page.goto('/programs');
    await expect.poll(() => page.getByText(/^Showing week:/).isVisible(), SOON).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await prompt(page).count()).toBe(0);

    // And on again from the profile, with a new subscription.
    await page.goto(`/user/${client.id}`);
    await expect.poll(() => browserSwitch(page).getAttribute('aria-checked'), SOON).toBe('false');
    await browserSwitch(page).click();
    await expect
      .poll(() => page.getByText(NOTIFICATION_TEXTS.notificationsEnabled).isVisible(), SOON)
      .toBe(true);
    const again = await storedSubscription(page);
    expect(again?.endpoint).not.toBe(stored!.endpoint);
    expect(await serverHas(client, again!.endpoint)).toBe(true);

    // A reminder pushed to the real service worker shows as a notification that opens a page of this site.
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      for (const r of event.registrations) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    const scope = `${inject('baseUrl')}/`;
    await expect.poll(() => registrations.has(scope), SOON).toBe(true);
    const deliver = (payload: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: inject('baseUrl'),
        registrationId: registrations.get(scope)!,
        data: JSON.stringify(payload),
      });
    const notifications = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          path: (n.data as { path?: string } | null)?.path,
        }));
      });
    await deliver({
      title: NOTIFICATION_TEXTS.reminderTitle,
      body: NOTIFICATION_TEXTS.reminderBody,
      url: '/programs?date=2026-01-05',
    });
    await expect.poll(notifications, SOON).toEqual([
      {
        title: NOTIFICATION_TEXTS.reminderTitle,
        body: NOTIFICATION_TEXTS.reminderBody,
        path: '/programs?date=2026-01-05',
      },
    ]);
    // A url to another site is not followed: the reminder opens the programs list.
    await deliver({
      title: NOTIFICATION_TEXTS.reminderTitle,
      body: NOTIFICATION_TEXTS.reminderBody,
      url: 'https://example.com/x',
    });
    await expect
      .poll(notifications, SOON)
      .toEqual([
        { title: NOTIFICATION_TEXTS.reminderTitle, body: NOTIFICATION_TEXTS.reminderBody, path: '/programs' },
      ]);
    // A program change notice has its own tag: it shows beside today's reminder instead of replacing it.
    const changed = { title: 'Your exercises were updated', body: 'Your therapist updated your exercises.' };
    await deliver({ ...changed, url: '/programs', tag: 'program-updated' });
    await expect
      .poll(async () => (await notifications()).map((n) => n.title).sort(), SOON)
      .toEqual([NOTIFICATION_TEXTS.reminderTitle, changed.title].sort());
    // So has a new message: it replaces neither, and opens the conversation.
    const message = { title: 'You have a new message.', body: 'Open the app to read it.' };
    await deliver({ ...message, url: '/messages', tag: 'message' });
    await expect
      .poll(async () => (await notifications()).map((n) => n.title).sort(), SOON)
      .toEqual([NOTIFICATION_TEXTS.reminderTitle, changed.title, message.title].sort());
    expect((await notifications()).find((n) => n.title === message.title)?.path).toBe('/messages');

    // Another client signs in on this browser and turns reminders on: the server does not hand them the first
    // client's subscription (decision 008); the browser makes a new one for them, and the first keeps theirs.
    const other = await createActiveClient(therapist, `Notify${Date.now()}b`);
    await page.goto(`/user/${client.id}`);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await logIn(page, other);
    await page.waitForURL('**/programs');
    await expect.poll(() => prompt(page).isVisible(), SOON).toBe(true);
    await prompt(page).getByRole('button', { name: 'Enable Notifications' }).click();
    await expect
      .poll(() => page.getByText(NOTIFICATION_TEXTS.notificationsEnabled).isVisible(), SOON)
      .toBe(true);
    const theirs = await storedSubscription(page);
    expect(theirs?.endpoint).not.toBe(again!.endpoint);
    expect(await serverHas(other, theirs!.endpoint)).toBe(true);
    expect(await serverHas(other, again!.endpoint)).toBe(false);
    expect(await serverHas(client, again!.endpoint)).toBe(true);
    await context.close();
  });

  it('says why enabling failed, and puts the prompt off with Maybe Later or the close button', async () => {
    const client = await createActiveClient(therapist, `Later${Date.now()}`);
    // The real PushManager this time: headless Chromium has no push service to subscribe with.
    const context = await newContext(browser(), undefined, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await expect.poll(() => prompt(page).isVisible(), SOON).toBe(true);
    await expectAccessible(page, 'notification prompt (phone)');
    await screenshot(page, 'notification-prompt-phone');
    const enable = prompt(page).getByRole('button', { name: 'Enable Notifications' });

    // Notifications blocked for this site in the browser's settings.
    const cdp = await context.newCDPSession(page);
    // Browser.setPermission applies to the default context unless it is told which one.
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const setPermission = (setting: 'denied' | 'granted') =>
      cdp.send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting,
        origin: inject('baseUrl'),
        browserContextId: targetInfo.browserContextId,
      });
    await setPermission('denied');
    await enable.click();
    await expect
      .poll(() => prompt(page).getByText('Notification permission has been denied').isVisible(), SOON)
      .toBe(true);
    await expectAccessible(page, 'notification prompt with an error');
    await screenshot(page, 'notification-prompt-denied-phone');

    // Allowed, but the browser cannot reach a push service.
    await setPermission('granted');
    await enable.click();
    await expect
      .poll(
        () =>
          prompt(page)
            .getByText(
              'Failed to enable notifications. Please ensure notifications are enabled in your device/browser settings and try again.',
            )
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);

    await prompt(page).getByRole('button', { name: 'Maybe Later' }).click();
    expect(await prompt(page).count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByText(/^Showing week:/).isVisible(), SOON).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await prompt(page).count()).toBe(0);
    // Only a date is kept in localStorage: no token, no health data.
    const kept = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.keys(kept).filter((k) => k.startsWith('notification_prompt'))).toEqual([
      `notification_prompt_dismissed_until:${client.id}`,
    ]);
    expect(Number(kept[`notification_prompt_dismissed_until:${client.id}`])).toBeGreaterThan(Date.now());

    // A week later (the dismissal expired) it asks again; the close button puts it off too.
    await page.evaluate(
      (id) => localStorage.removeItem(`notification_prompt_dismissed_until:${id}`),
      client.id,
    );
    await page.reload();
    await expect.poll(() => prompt(page).isVisible(), SOON).toBe(true);
    await prompt(page).getByRole('button', { name: 'Close' }).click();
    expect(await prompt(page).count()).toBe(0);
    await context.close();
  });
});
