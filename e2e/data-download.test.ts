import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  downloadedBytes,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, createActiveClient, createProgram, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { zipEntries } from './support/zip-entries';

// "Download my data" on My Details (docs/product/records.md#download-my-data).

const browser = useBrowser();
const photo = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/exercise.jpg'));

async function openMyDetails(page: Page) {
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'My Details' }).isVisible()).toBe(true);
}

describe('download my data', () => {
  it('downloads a client’s zip with progress, then says to wait 10 minutes', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Downloader');
    const program = await createProgram(therapist, client.id, {
      name: 'Legs and balance',
      start_date: sydneyDate(-3),
      end_date: sydneyDate(20),
      exercises: ['Sit to stand'],
    });
    const form = new FormData();
    form.set('exercise', String(program.exercises[0]!.id));
    form.set('date_completed', sydneyDate());
    form.set('effort_rating', '6');
    form.set('pain', '2');
    form.set('feeling', 'Easier than last week.');
    form.set('media', new Blob([photo], { type: 'image/jpeg' }), 'exercise.jpg');
    const feedback = await api<{ feedback: { id: number } }>(client.token, '/feedback/', {
      method: 'POST',
      body: form,
    });
    expect(feedback.status, 'feedback with a photo').toBe(201);

    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await openMyDetails(page);
    const button = page.getByRole('button', { name: 'Download my data' });
    await expectAccessible(page, 'my details with download', { everyImpact: true });

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const status = page.getByRole('status').filter({ hasText: 'Your data has been downloaded.' });
    await expect.poll(() => status.isVisible()).toBe(true);
    const entries = await zipEntries(await downloadedBytes(download));
    const photoPath = `media/feedback-${feedback.body.feedback.id}.jpg`;
    expect([...entries.keys()].sort()).toEqual(['data.json', 'fhir.json', photoPath]);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(data.account).toMatchObject({ id: client.id, email: client.email, role: 'client' });
    expect(data.feedback).toEqual([
      expect.objectContaining({ pain: 2, feeling: 'Easier than last week.', file: photoPath }),
    ]);
    expect(JSON.parse(entries.get('fhir.json')!.toString('utf8'))).toMatchObject({ resourceType: 'Bundle' });
    expect(entries.get(photoPath)![0]).toBe(0xff); // a JPEG, its metadata stripped on upload
    await expectAccessible(page, 'my data downloaded', { everyImpact: true });
    await screenshot(page, 'download-my-data-phone', button);

    // Again at once: the server refuses for 10 minutes, and the page says so.
    await button.click();
    const refusal = page.getByText(
      'You can download your data once every 10 minutes. Please try again later.',
    );
    await expect.poll(() => refusal.isVisible()).toBe(true);
    await expectAccessible(page, 'my data refused', { everyImpact: true });
    await screenshot(page, 'download-my-data-wait-phone', button);
    await context.close();

    const desktop = await newContext(browser(), DESKTOP);
    const wide = await desktop.newPage();
    await logIn(wide, client);
    await wide.waitForURL('**/programs');
    await openMyDetails(wide);
    await screenshot(
      wide,
      'download-my-data-desktop',
      wide.getByRole('button', { name: 'Download my data' }),
    );
    await expectAccessible(wide, 'my details at desktop size', { everyImpact: true });
    await desktop.close();
  });
});
