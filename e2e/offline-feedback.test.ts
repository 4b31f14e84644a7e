import { readdirSync } from 'node:fs';
import path from 'node:path';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createClientWithProgram, exerciseToggle, feedbackForm } from './exercise-feedback-helpers';
import {
  DESKTOP,
  PHONE,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, therapistToken as demoTherapistToken, type TestClient } from './support/client-factory';
import { sydneyDate } from './support/dates';

// Feedback given without a connection (docs/product/session.md#offline-feedback): kept on the phone, sent when the
// connection returns, and counted once even when an answer is lost on the way back.

const browser = useBrowser();
const photo = path.resolve(import.meta.dirname, 'fixtures/exercise.jpg');
const OFFLINE_SAVED = 'Saved on this phone. It will be sent when you are online.';

/** Every stored media file of the journeys' server (DATA_DIR/media/<2 chars>/<key>). */
function mediaFiles(): string[] {
  const root = path.join(inject('dataDir'), 'media');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

function outboxStatus(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

async function openDay(context: BrowserContext, client: TestClient, program: TProgram, exercise: string) {
  const page = await context.newPage();
  await logIn(page, client);
  await page.waitForURL('**/programs');
  // The worker installs in every new context, precaching the whole app: on a loaded machine that held up the day's
  // answers past the wait below. Once it controls the page its install is over, as on a phone that opened the app
  // before.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto(`/program/${program.id}?date=${sydneyDate()}`);
  const toggle = exerciseToggle(page, exercise);
  await expect.poll(() => toggle.isVisible()).toBe(true);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect.poll(() => feedbackForm(page, exercise).isVisible()).toBe(true);
  return page;
}

async function fillFeedback(page: Page, exercise: string, effort: string, feeling: string, withPhoto = true) {
  const form = feedbackForm(page, exercise);
  await form.getByRole('radio', { name: new RegExp(`^${effort} `) }).click();
  await form.getByLabel('How did it feel? (optional)').fill(feeling);
  if (withPhoto) await form.getByLabel('Add a photo or video').setInputFiles(photo);
  await form.getByRole('button', { name: 'I did it!' }).click();
  return form;
}

describe('feedback given offline', () => {
  let therapistToken = '';
  let client: TestClient;
  let program: TProgram;
  const today = sydneyDate();

  const rowsFor = async (exerciseId: number) =>
    (await api<TFeedback[]>(therapistToken, `/feedback/?exercise=${exerciseId}`)).body;

  beforeAll(async () => {
    therapistToken = await demoTherapistToken();
    ({ client, program } = await createClientWithProgram(therapistToken));
  });

  it('keeps feedback with its photo on the phone and sends it once when the connection returns', async () => {
    const heel = program.exercises[0]!;
    const context = await newContext(browser(), PHONE, { serviceWorkers: 'allow' });
    const page = await openDay(context, client, program, heel.name);
    const filesBefore = mediaFiles();

    await context.setOffline(true);
    const form = await fillFeedback(page, heel.name, '6', 'Done in the garden.');
    await expect.poll(() => form.getByText(OFFLINE_SAVED).isVisible()).toBe(true);
    await expect.poll(() => outboxStatus(page, '1 item waiting to be sent.').isVisible()).toBe(true);
    // It waits: the form cannot send it a second time, and the server has nothing yet.
    expect(await form.getByRole('button', { name: 'I did it!' }).isDisabled()).toBe(true);
    expect(await rowsFor(heel.id)).toEqual([]);
    await expectAccessible(page, 'feedback saved on the phone');
    await screenshot(page, 'offline-feedback-saved-phone', form.getByText(OFFLINE_SAVED));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'offline-feedback-waiting-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'offline-feedback-waiting-desktop');
    await page.setViewportSize(PHONE);
    // The status is in the page's flow under the header, in text of at least 18 px.
    const status = outboxStatus(page, '1 item waiting to be sent.');
    expect(
      await status.evaluate((el) => parseFloat(getComputedStyle(el.firstElementChild!).fontSize)),
    ).toBeGreaterThanOrEqual(18);
    expect(await status.evaluate((el) => getComputedStyle(el.firstElementChild!).position)).toBe('static');

    await context.setOffline(false);
    await expect.poll(() => outboxStatus(page, 'All sent.').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.feedbackSubmitted).isVisible()).toBe(true);
    await expect.poll(() => exerciseToggle(page, heel.name, true).isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Completed! ✓' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'feedback sent after the connection returned');

    const rows = await rowsFor(heel.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date_completed: today,
      effort_rating: 6,
      feeling: 'Done in the garden.',
    });
    expect(rows[0]!.image_url).toMatch(/^\/api\/media\//);
    const served = await fetch(`${inject('baseUrl')}${rows[0]!.image_url}`, {
      headers: { Authorization: `Bearer ${client.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    expect(mediaFiles().length - filesBefore.length).toBe(1);
    await context.close();
  });

  it('sends a save again with the same key when its answer was lost, and it still counts once', async () => {
    const sit = program.exercises[1]!;
    const context = await newContext(browser(), PHONE, { serviceWorkers: 'allow' });
    const page = await openDay(context, client, program, sit.name);
    const keys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedback/')
        keys.push(request.headers()['idempotency-key']);
    });
    // The save reaches the server and is stored; its answer never comes back.
    let stored = 0;
    await page.route(
      (url) => url.pathname === '/api/feedback/',
      async (route) => {
        const response = await route.fetch();
        stored = response.status();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );

    // No photo here: Chromium does not hand a body holding a file to route.fetch.
    const form = await fillFeedback(page, sit.name, '5', 'Easier with the cushion.', false);
    await expect.poll(() => outboxStatus(page, 'All sent.').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.feedbackSubmitted).isVisible()).toBe(true);
    await expect.poll(() => exerciseToggle(page, sit.name, true).isVisible()).toBe(true);
    expect(stored).toBe(201);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await page.getByText('could not be sent').count()).toBe(0);

    const rows = await rowsFor(sit.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date_completed: today,
      effort_rating: 5,
      feeling: 'Easier with the cushion.',
    });
    await context.close();
  });

  it('sends waiting feedback before signing out, and asks first when it cannot be sent', async () => {
    const side = program.exercises[2]!;
    const context = await newContext(browser(), PHONE, { serviceWorkers: 'allow' });
    const page = await openDay(context, client, program, side.name);
    // No save reaches the server while this route stands.
    const cutOff = (url: URL) => url.pathname === '/api/feedback/';
    await page.route(cutOff, (route) => route.abort('connectionreset'));

    const form = await fillFeedback(page, side.name, '3', 'Slow and steady.');
    await expect.poll(() => form.getByText(OFFLINE_SAVED).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      '1 item is not sent yet. If you sign out now, it will be lost.',
    );
    await expectAccessible(page, 'sign out with feedback not sent');
    await screenshot(page, 'offline-feedback-sign-out-phone');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await rowsFor(side.id)).toEqual([]);

    // With the connection back, Sign Out sends it first and signs out without asking.
    await page.unroute(cutOff);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(await dialog.count()).toBe(0);
    const rows = await rowsFor(side.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ date_completed: today, effort_rating: 3, feeling: 'Slow and steady.' });
    // Nothing stays on this phone after the sign-out.
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('hep-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(left).toBe(0);
    await context.close();
  });
});
