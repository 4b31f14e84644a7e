import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoLogin, expectAccessible, logIn, newContext, screenshot, useBrowser } from './support/browser';
import {
  exercise,
  fixtures,
  fullScreenshot,
  openChrisWalker,
  todayIn,
  visible,
} from './support/program-form';

// docs/product/programs-and-exercises.md#program-form: Create Program on a phone, its checks, the upload and its
// progress, Publish, and the view's photo and video.

const browser = useBrowser();

describe('creating a program', () => {
  it('creates, checks, uploads and publishes a program on a phone, and plays its video', async () => {
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
    expect(viewUrl.pathname).toMatch(/^\/program\/\d+$/);

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
    await context.close();
  });
});
