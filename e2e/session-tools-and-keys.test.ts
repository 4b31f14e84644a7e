import path from 'node:path';
import type { Page } from 'playwright-core';
import { EFFORT_LABELS } from '@hep/shared/domain/effort';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  ZOOMED,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, createActiveClient, therapistToken, type TestClient } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { createProgramWithMedia } from './support/program-with-media';
import {
  expectClientSized,
  expectFullyShown,
  expectNoClipping,
  expectToastCoversNone,
  sessionControls,
} from './session-helpers';

// docs/product/session.md#guided-session: the helpers one tap away (Read aloud, sets, the timer), pain, a note and a
// photo or video one tap each, an effort asked for and never guessed, the keyboard through the effort choices with
// the chosen card in full view (WCAG 2.4.12), and the screen at 320 px and at 200% zoom on a phone.

const browser = useBrowser();
const SOON = { timeout: 10_000 };
const EVERY_DAY = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const photo = path.resolve(import.meta.dirname, 'fixtures/exercise.jpg');

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const effortRadio = (page: Page, rating: number) =>
  page.getByRole('radio', { name: new RegExp(`^${rating} ${EFFORT_LABELS[rating]}`) });
const prompt = (page: Page) => page.getByRole('region', { name: 'Enable Notifications?' });
const checkedCard = (page: Page) => page.locator('.effort-option:has(input:checked)');
// Fixed when the file loads: a run that crosses midnight in Sydney must not move "today" onto a day an earlier test
// has already completed (CI failed once at 23:59 Sydney time).
const TODAY = sydneyDate();
const YESTERDAY = sydneyDate(-1);

/** Signs in and opens the day's session (or stays on /programs for no date). */
async function openSession(page: Page, client: TestClient, programId: number, date = TODAY) {
  await logIn(page, client);
  await page.waitForURL('**/programs');
  if (date) await page.goto(`/program/${programId}/session?date=${date}`);
}

describe('the session helpers, the optional answers and the keyboard', () => {
  let therapist = '';
  let client: TestClient;
  let programId = 0;

  beforeAll(async () => {
    therapist = await therapistToken();
    client = await createActiveClient(therapist, `Tools${Date.now()}`);
    const program = await createProgramWithMedia(therapist, client.id, {
      name: 'Arms and balance',
      start_date: sydneyDate(-3),
      end_date: sydneyDate(30),
      days: EVERY_DAY,
      exercises: [
        {
          name: 'Wall push',
          instructions: 'Push away from the wall.',
          dosage: { sets: 2, reps: 8, hold_seconds: 2 },
          photo: true,
        },
        {
          name: 'Tandem stand',
          instructions: 'Stand heel to toe by the bench.',
          dosage: { hold_seconds: 30 },
        },
      ],
    });
    programId = program.id;
  });

  it('opens each helper and answer with one tap, asks for an effort, and fits 320 px', async () => {
    const narrow = await newContext(browser(), { width: 320, height: 700 });
    const page = await narrow.newPage();
    await openSession(page, client, programId, '');
    // /programs at 320 px: Today and the notification prompt, nothing cut off.
    await expect.poll(() => prompt(page).isVisible(), SOON).toBe(true);
    await expectNoClipping(page, page.locator('main'), '/programs at 320 px');
    await screenshot(page, 'session-programs-320');
    await page.goto(`/program/${programId}/session?date=${TODAY}`);
    await expect.poll(() => heading(page, 'Wall push').isVisible(), SOON).toBe(true);
    await expectNoClipping(page, page.locator('main'), 'session at 320 px');
    await expectClientSized(page, 'session at 320 px');

    // Sets: a counter behind its button, saving nothing; closed and opened again, it keeps its count.
    const sets = page.getByRole('button', { name: 'Sets', exact: true });
    expect(await page.getByText('Set 1 of 2').isVisible()).toBe(false);
    await sets.click();
    expect(await sets.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Set done' }).click();
    expect(await page.getByText('Set 2 of 2').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Set done' }).click();
    await sets.click();
    expect(await page.getByText('All 2 sets done').isVisible()).toBe(false);
    await sets.click();
    expect(await page.getByText('All 2 sets done').isVisible()).toBe(true);

    // The timer counts the hold down and says so, but the exercise stays until the client says it is done.
    const speaks = await page.evaluate(() => 'speechSynthesis' in window);
    expect(await page.getByRole('button', { name: 'Read aloud' }).count()).toBe(speaks ? 1 : 0);
    await page.getByRole('button', { name: 'Timer', exact: true }).click();
    expect(await page.getByRole('switch', { name: 'Speak the count' }).count()).toBe(speaks ? 1 : 0);
    await page.getByRole('button', { name: 'Start hold' }).click();
    await expect.poll(() => page.getByText('Time is up.').isVisible(), SOON).toBe(true);
    expect(await heading(page, 'Wall push').isVisible()).toBe(true);

    // No effort chosen: asked for, nothing sent; focus goes to the first choice, 1, and the arrows move from there.
    await page.getByRole('button', { name: 'I did it!' }).click();
    await expect.poll(() => page.getByText(FEEDBACK_TEXTS.effortRequired).isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value))
      .toBe('1');
    await expectAccessible(page, 'session with the effort message', { everyImpact: true });
    await screenshot(page, 'session-effort-required-320', page.getByText(FEEDBACK_TEXTS.effortRequired));
    for (let n = 0; n < 3; n += 1) await page.keyboard.press('ArrowRight');
    expect(await effortRadio(page, 4).isChecked()).toBe(true);
    expect(await page.getByText('4 = Comfortable').isVisible()).toBe(true);

    // Pain, a note and a photo: one tap each opens its question, with the focus in it.
    await page.getByRole('button', { name: 'Pain', exact: true }).click();
    const noAnswer = page.getByRole('radio', { name: 'No answer' });
    await expect.poll(() => noAnswer.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await noAnswer.isChecked()).toBe(true);
    await page.getByRole('radio', { name: '6', exact: true }).click();
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    const note = page.getByLabel('How did it feel? (optional)');
    await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
    await note.fill('A little wobbly.');
    const media = page.getByLabel('Photo or video');
    await media.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect.poll(() => page.getByText(FEEDBACK_TEXTS.feedbackMediaInvalid).isVisible()).toBe(true);
    await media.setInputFiles(photo);
    const picked = page.getByText('Selected: exercise.jpg (10 KB)');
    await expect.poll(() => picked.isVisible()).toBe(true);
    expect(await page.getByText(FEEDBACK_TEXTS.feedbackMediaInvalid).count()).toBe(0);
    const preview = page.locator('.media-input-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, 'session with pain, a note and a photo', { everyImpact: true });
    await expectNoClipping(page, page.locator('main'), 'session with the answers at 320 px');
    await screenshot(page, 'session-photo-picked-320', picked);
    // Remove takes the photo back, and choosing again works.
    await page.getByRole('button', { name: /^Remove/ }).click();
    expect(await picked.count()).toBe(0);
    await media.setInputFiles(photo);
    await expect.poll(() => picked.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'I did it!' }).click();
    await expect.poll(() => heading(page, 'Tandem stand').isVisible(), SOON).toBe(true);

    // Saved as before: effort, pain, feeling and the photo in one report.
    const sent = await api<TFeedback[]>(
      client.token,
      `/program-feedback/?program=${programId}&date_completed=${TODAY}`,
    );
    expect(sent.body).toHaveLength(1);
    expect(sent.body[0]).toMatchObject({ effort_rating: 4, pain: 6, feeling: 'A little wobbly.' });
    expect(sent.body[0]!.image_url).toMatch(/^\/api\/media\//);
    await narrow.close();

    // 200% zoom on a phone (195 CSS px across): nothing cut off, and the toast above All done, not over it.
    const zoomed = await newContext(browser(), { width: 195, height: 422 });
    const small = await zoomed.newPage();
    await openSession(small, client, programId);
    await expect.poll(() => heading(small, 'Tandem stand').isVisible(), SOON).toBe(true);
    await expectNoClipping(small, small.locator('main'), 'session at 200% on a phone');
    await effortRadio(small, 6).click();
    await small.getByRole('button', { name: 'I did it!' }).click();
    const allDone = heading(small, 'All done for today');
    await expect.poll(() => allDone.isVisible(), SOON).toBe(true);
    await expectToastCoversNone(small, { 'All done at 200% on a phone': allDone });
    await expectFullyShown(small, allDone, 'All done at 200% on a phone');
    await screenshot(small, 'session-all-done-200');
    await small.goto('/programs');
    await expect.poll(() => prompt(small).isVisible(), SOON).toBe(true);
    // The week list's day status is wider than a 195 px screen (its own styles); the prompt is what counts here.
    await expectNoClipping(small, prompt(small), 'prompt at 200% on a phone', '', false);
    await zoomed.close();
  });

  it('keeps the effort card chosen with the arrow keys in full view, clear of the bottom bar', async () => {
    for (const [viewport, label] of [
      [ZOOMED, 'zoomed'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser(), viewport, { deviceScaleFactor: 2 });
      const page = await context.newPage();
      await openSession(page, client, programId, YESTERDAY);
      await expect.poll(() => heading(page, 'Wall push').isVisible(), SOON).toBe(true);
      // Tab from the top of the page to the effort choices, as a keyboard user would.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await heading(page, 'Wall push').focus();
      for (let n = 0; n < 12; n += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => (document.activeElement as HTMLInputElement).type === 'radio')) break;
      }
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toContain(
        'effort',
      );
      // Nothing is chosen by arriving; Space chooses the focused card, the arrows move and choose.
      expect(await checkedCard(page).count()).toBe(0);
      await page.keyboard.press('Space');
      await expectFullyShown(page, checkedCard(page), `${label}: card 1`);
      for (let rating = 2; rating <= 10; rating += 1) {
        await page.keyboard.press('ArrowRight');
        expect(await effortRadio(page, rating).isChecked()).toBe(true);
        await expectFullyShown(page, checkedCard(page), `${label}: card ${rating}`);
      }
      for (let rating = 9; rating >= 1; rating -= 1) {
        await page.keyboard.press('ArrowLeft');
        await expectFullyShown(page, checkedCard(page), `${label}: back to card ${rating}`);
      }
      if (label === 'zoomed') await screenshot(page, 'session-effort-keyboard-zoomed');
      expect(await sessionControls(page).done.isVisible()).toBe(true);
      await context.close();
    }
  });
});
