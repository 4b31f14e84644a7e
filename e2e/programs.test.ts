import path from 'node:path';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@hep/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';

const browser = useBrowser();
const fixtures = path.resolve(import.meta.dirname, 'fixtures');

/** Today in the browser's zone (the context runs in Australia/Sydney), as the form and the redirect use it. */
function todayIn(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

async function openChrisWalker(page: Page): Promise<string> {
  await page.getByRole('link', { name: /Walker, Chris/ }).click();
  await page.waitForURL(/\/client\/\d+$/);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'Walker, Chris' }).isVisible())
    .toBe(true);
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function visible(page: Page, text: string) {
  await expect
    .poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 })
    .toBe(true);
}

/** The whole page, for looking at the form's lower half too. */
async function fullScreenshot(page: Page, name: string) {
  await screenshot(page, name);
  await page.screenshot({
    path: path.resolve(import.meta.dirname, 'screenshots', `${name}-full.png`),
    fullPage: true,
  });
}

/** The exercise fieldsets of the form, by position. */
function exercise(page: Page, index: number) {
  return page.getByRole('group', { name: `Exercise ${index + 1}`, exact: true });
}

describe('program form', () => {
  it('creates, publishes, views, replicates, edits and deletes a program on a phone', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    // Media answers to requests that asked for a byte range, as the video element makes them.
    const rangeStatuses: number[] = [];
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith('/api/media/')) return;
      const headers = await response.request().allHeaders();
      if (headers.range) rangeStatuses.push(response.status());
    });
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    const clientId = await openChrisWalker(page);

    // + Add Program opens the empty form for Chris.
    await page.getByRole('link', { name: '+ Add Program' }).click();
    await page.waitForURL(`**/program/add/${clientId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Create Program' }).isVisible())
      .toBe(true);
    await visible(page, 'Walker, Chris');
    const today = await todayIn(page);
    expect(await page.getByLabel('Start Date').inputValue()).toBe(today);
    expect(await page.getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(page, 'create program form');
    await screenshot(page, 'program-form-empty-phone');

    // Publishing an empty form names every missing field and focuses the first.
    await page.getByRole('button', { name: 'Publish Program' }).click();
    await visible(page, 'Please complete all required fields before publishing.');
    for (const message of [
      'Program name is required',
      'Exercise name is required',
      'Exercise instructions are required',
      'End date is required',
      'Please select at least one day of the week',
    ]) {
      await visible(page, message);
    }
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('program-name');
    expect(await page.getByLabel('Program Name').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'create program form with errors');
    await fullScreenshot(page, 'program-form-errors-phone');

    // Messages go as the fields are filled.
    const name = `Balance builder ${Date.now()}`;
    await page.getByLabel('Program Name').fill(name);
    await expect.poll(() => page.getByText('Program name is required').count()).toBe(0);
    await exercise(page, 0).getByLabel('Exercise Name').fill('Heel raises');
    await exercise(page, 0).getByLabel('Instructions').fill('Hold the bench.\nRise onto your toes 10 times.');

    // A file of the wrong type is refused under its input; the JPEG is taken.
    const image = exercise(page, 0).getByLabel('Image', { exact: true });
    await image.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await visible(page, 'Invalid image file type');
    await image.setInputFiles(path.join(fixtures, 'exercise.jpg'));
    await expect.poll(() => page.getByText('Invalid image file type').count()).toBe(0);
    await visible(page, 'Selected: exercise.jpg (10 KB)');

    // A second exercise, first with a repeated name: the draft button waits until the names differ.
    await page.getByRole('button', { name: 'Add An Exercise' }).click();
    // The new exercise's name takes the focus, so keyboard and screen reader users land in it.
    await expect
      .poll(() =>
        exercise(page, 1)
          .getByLabel('Exercise Name')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await exercise(page, 1).getByLabel('Exercise Name').fill('  heel RAISES ');
    await visible(page, 'Exercise name has already been used in this program.');
    expect(await page.getByRole('button', { name: 'Save as Draft' }).isDisabled()).toBe(true);
    await exercise(page, 1).getByLabel('Exercise Name').fill('Sit to stand');
    await expect.poll(() => page.getByRole('button', { name: 'Save as Draft' }).isDisabled()).toBe(false);
    await exercise(page, 1).getByLabel('Instructions').fill('Stand up from a firm chair without your hands.');
    const h264 = await page.evaluate(
      () => document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"') !== '',
    );
    const videoFile = path.join(fixtures, h264 ? 'exercise.mp4' : 'exercise.webm');
    await exercise(page, 1).getByLabel('Video (Max 30 seconds)').setInputFiles(videoFile);

    // The end date is checked as it changes.
    await page.getByLabel('End Date').fill('2020-01-01');
    await visible(page, 'End date must be after start date');
    expect(await page.getByLabel('End Date').getAttribute('min')).toBe(today);
    await page.getByLabel('End Date').fill('2099-12-31');
    await expect.poll(() => page.getByText('End date must be after start date').count()).toBe(0);
    for (const day of ['Monday', 'Wednesday', 'Friday'])
      await page.getByRole('button', { name: day }).click();
    expect(await page.getByRole('button', { name: 'Wednesday' }).getAttribute('aria-pressed')).toBe('true');
    // Every message of the failed publish has gone now that the fields are filled.
    await expect.poll(() => page.locator('.invalid-feedback').count()).toBe(0);
    await page.getByLabel('Program Name').scrollIntoViewIfNeeded();
    await fullScreenshot(page, 'program-form-filled-phone');

    // On a slow connection the upload shows its progress and can be cancelled: nothing is saved.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      // About 20 s for the two files: the accessibility check and the screenshot below must end well before the
      // last byte leaves, or the server has the whole form and Cancel can no longer stop the save.
      uploadThroughput: 2 * 1024,
    });
    await page.getByRole('button', { name: 'Publish Program' }).click();
    const progress = page.getByRole('progressbar', { name: 'Uploading files...' });
    await expect.poll(() => progress.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Saving...' }).count()).toBe(2);
    await expectAccessible(page, 'upload progress');
    await screenshot(page, 'program-form-uploading-phone');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await visible(page, 'Upload cancelled. Nothing was saved.');
    expect(await progress.count()).toBe(0);
    expect(await page.getByLabel('Program Name').inputValue()).toBe(name);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Publish: the server's message, then the program view for today after 1.5 s.
    await page.getByRole('button', { name: 'Publish Program' }).click();
    await visible(page, 'Program published successfully');
    const shownAt = Date.now();
    await page.waitForURL(/\/program\/\d+\?date=/);
    expect(Date.now() - shownAt).toBeGreaterThan(1000);
    const viewUrl = new URL(page.url());
    expect(viewUrl.searchParams.get('date')).toBe(today);
    const programId = viewUrl.pathname.split('/').pop()!;

    // The view shows the image and the video; the video plays and seeks through HTTP Range requests.
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
    const photo = page.getByRole('img', { name: 'Heel raises' });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expectAccessible(page, 'program view');
    await screenshot(page, 'program-created-view-phone');
    await page.getByRole('button', { name: 'Sit to stand' }).click();
    const video = page.locator('video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1), { timeout: 10_000 })
      .toBe(true);
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((resolve) => setTimeout(resolve, 400));
      v.pause();
      return v.currentTime;
    });
    expect(played).toBeGreaterThan(0);
    const seekedTo = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = Math.min(2, v.duration - 0.2);
        }),
    );
    expect(seekedTo).toBeGreaterThan(1);
    await expect.poll(() => rangeStatuses.includes(206)).toBe(true);
    expect(rangeStatuses.filter((status) => status !== 206)).toEqual([]);
    await expectAccessible(page, 'program view with video');
    await screenshot(page, 'program-created-video-phone');

    // Replicate from the client page: "(Copy)", starting today, no end date, the media carried over.
    await page.goto(`/client/${clientId}`);
    await page.getByRole('button', { name: `Program actions for ${name}`, exact: true }).click();
    await page.getByRole('link', { name: 'Replicate' }).click();
    await page.waitForURL(`**/program/duplicate/${clientId}/${programId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Replicate Program' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel('Program Name').inputValue()).toBe(`${name} (Copy)`);
    expect(await page.getByLabel('Start Date').inputValue()).toBe(today);
    expect(await page.getByLabel('End Date').inputValue()).toBe('');
    expect(await exercise(page, 0).getByLabel('Keep existing image').isChecked()).toBe(true);
    expect(await exercise(page, 1).getByLabel('Keep existing video').isChecked()).toBe(true);
    await expectAccessible(page, 'replicate program form');
    await fullScreenshot(page, 'program-form-replicate-phone');
    await page.getByLabel('End Date').fill('2099-06-30');
    await page.getByRole('button', { name: 'Publish Program' }).click();
    await visible(page, 'Program published successfully');
    await page.waitForURL(
      (url) => /^\/program\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${programId}`),
    );
    const copyId = new URL(page.url()).pathname.split('/').pop()!;
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: `${name} (Copy)` }).isVisible())
      .toBe(true);
    const copiedPhoto = page.getByRole('img', { name: 'Heel raises' });
    await expect
      .poll(() => copiedPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await page.getByRole('button', { name: 'Sit to stand' }).click();
    await expect.poll(() => page.locator('video').count()).toBe(1);

    // Edit: leaving with unsaved changes asks first; Stay on Page keeps them, Leave Page drops them.
    await page.goto(`/program/edit/${clientId}/${copyId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Edit Program' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel('Program Name').inputValue()).toBe(`${name} (Copy)`);
    expect(await page.getByLabel('End Date').inputValue()).toBe('2099-06-30');
    expect(await page.getByRole('button', { name: 'Update & Publish' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Changes' }).isVisible()).toBe(true);
    await expectAccessible(page, 'edit program form');
    await screenshot(page, 'program-form-edit-phone');
    await page.getByLabel('Program Name').fill(`${name} (edited)`);
    await page.getByRole('link', { name: 'Clients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('You have unsaved changes. Are you sure you want to leave?');
    await page.getByRole('button', { name: 'Stay on Page' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByLabel('Program Name').inputValue()).toBe(`${name} (edited)`);

    // The inactivity logout announces itself: the unsaved edit is saved as a draft first.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('beforeLogout')));
    await visible(page, 'Draft saved successfully before logout');
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Leave Page' }).click();
    await page.waitForURL('**/clients');

    // Delete both from the client page; the copy now carries the edited name and is a draft.
    await openChrisWalker(page);
    const editedCard = page.getByRole('article', { name: `${name} (edited)` });
    await expect.poll(() => editedCard.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    for (const programName of [`${name} (edited)`, name]) {
      await page.getByRole('button', { name: `Program actions for ${programName}`, exact: true }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Program' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect.poll(() => confirm.isVisible()).toBe(false);
      await expect.poll(() => page.getByRole('heading', { name: programName, exact: true }).count()).toBe(0);
    }
    await context.close();
  });

  it('saves a draft, checks the form and the view at desktop size, and deletes from the view', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    const clientId = await openChrisWalker(page);
    await page.goto(`/program/add/${clientId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Create Program' }).isVisible())
      .toBe(true);
    await visible(page, 'Walker, Chris');
    await expectAccessible(page, 'create program form desktop');
    await screenshot(page, 'program-form-empty-desktop');

    await page.getByRole('button', { name: 'Publish Program' }).click();
    await visible(page, 'Please select at least one day of the week');
    await expectAccessible(page, 'create program form with errors desktop');
    await fullScreenshot(page, 'program-form-errors-desktop');

    // A draft skips the checks; the error messages stay until the fields are fixed.
    const name = `Draft plan ${Date.now()}`;
    await page.getByLabel('Program Name').fill(name);
    await page.getByLabel('Exercise Name').fill('Breathing');
    await page.getByLabel('Instructions').fill('Slow breaths for two minutes.');
    await page.getByRole('button', { name: 'Tuesday' }).click();
    await expect.poll(() => page.getByText('Please select at least one day of the week').count()).toBe(0);

    // A file that only claims to be a JPEG passes the quick check; the server reads its bytes and refuses it,
    // under the file input, and nothing typed is lost.
    await page.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is not a photo'),
    });
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await visible(page, 'Exercise creation failed: Invalid image file type');
    await visible(page, 'Invalid image file type');
    expect(await page.getByLabel('Image', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Program Name').inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Remove selected image' }).click();
    await expect.poll(() => page.getByText('Invalid image file type', { exact: true }).count()).toBe(0);
    await fullScreenshot(page, 'program-form-filled-desktop');

    // The save carries an access token the server no longer accepts: one refresh, then the same upload again.
    let staled = 0;
    await page.route('**/api/programs/', async (route) => {
      if (route.request().method() !== 'POST' || staled++ > 0) return route.continue();
      const headers = { ...route.request().headers(), authorization: 'Bearer expired.token.value' };
      return route.continue({ headers });
    });
    const saveStatuses: number[] = [];
    let refreshes = 0;
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname === '/api/programs/' && response.request().method() === 'POST') {
        saveStatuses.push(response.status());
      }
      if (pathname === '/api/token/refresh/') refreshes += 1;
    });
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await visible(page, 'Program saved as draft');
    expect(saveStatuses[0]).toBe(401);
    expect(saveStatuses[1]).toBeGreaterThanOrEqual(200);
    expect(saveStatuses[1]).toBeLessThan(300);
    expect(refreshes).toBe(1);
    await page.waitForURL(/\/program\/\d+\?date=/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
    await visible(page, 'Draft');
    await expectAccessible(page, 'program view desktop');
    await screenshot(page, 'program-draft-view-desktop');

    // Edit the draft and publish it.
    await page.getByRole('link', { name: 'Edit program' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Edit Program' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel('Program Name').inputValue()).toBe(name);
    await expectAccessible(page, 'edit program form desktop');
    await screenshot(page, 'program-form-edit-desktop');
    await page.getByRole('button', { name: 'Update & Publish' }).click();
    await visible(page, 'End date is required');
    await page.getByLabel('End Date').fill('2099-01-31');

    // Someone else saves the program meanwhile: this save answers 409 and keeps what was typed; saving again
    // replaces the other version, knowingly.
    const programId = Number(new URL(page.url()).pathname.split('/').pop());
    const otherSave = await page.evaluate(
      async ({ programId, clientId }) => {
        const refreshed = await fetch('/api/token/refresh/', { method: 'POST', credentials: 'include' });
        const { access } = (await refreshed.json()) as { access: string };
        const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
        const current = await (await fetch(`/api/programs/${programId}/`, { headers })).json();
        const body = { ...current, client_id: clientId, is_draft: true, exercises: undefined };
        const res = await fetch(`/api/programs/${programId}/`, {
          method: 'PUT',
          headers,
          body: JSON.stringify(body),
        });
        return res.status;
      },
      { programId, clientId: Number(clientId) },
    );
    expect(otherSave).toBe(200);
    await page.getByRole('button', { name: 'Update & Publish' }).click();
    await visible(page, `${MESSAGES.programConflict409('program update')} ${MESSAGES.conflictSaveAgain}`);
    expect(await page.getByLabel('End Date').inputValue()).toBe('2099-01-31');
    await page.getByRole('button', { name: 'Update & Publish' }).click();
    await visible(page, 'Program updated and published');
    await page.waitForURL(/\/program\/\d+\?date=/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Delete program' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Program' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`**/client/${clientId}`);
    await expect.poll(() => page.getByRole('heading', { name, exact: true }).count()).toBe(0);
    await context.close();
  });
});
