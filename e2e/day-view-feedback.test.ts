import path from 'node:path';
import type { Locator } from 'playwright-core';
import { EFFORT_LABELS } from '@hep/shared/domain/effort';
import { PAIN_QUESTION } from '@hep/shared/domain/pain';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import type { TProgram } from '@hep/shared/schemas/programs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClientWithProgram, exerciseToggle, feedbackForm, visible } from './exercise-feedback-helpers';
import {
  DESKTOP,
  PHONE,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import {
  api,
  therapistToken as demoTherapistToken,
  giveFeedback,
  type TestClient,
} from './support/client-factory';
import { longDate, sydneyDate } from './support/dates';

// The client's day view (docs/product/feedback-and-progress.md#feedback-form): the accordion of a day's exercises,
// one tap from the session, each with the session's own effort and pain choices, a note and a photo or video.

const browser = useBrowser();
const fixtures = path.resolve(import.meta.dirname, 'fixtures');
const effortRadio = (form: Locator, rating: number) =>
  form.getByRole('radio', { name: new RegExp(`^${rating} ${EFFORT_LABELS[rating]}`) });

describe("the client's day view", () => {
  let therapistToken = '';
  let client: TestClient;
  let program: TProgram;
  const today = sydneyDate();

  beforeAll(async () => {
    therapistToken = await demoTherapistToken();
    ({ client, program } = await createClientWithProgram(therapistToken));
  });

  it('lets a client complete an exercise with effort, feeling and a photo, then update it', async () => {
    const [heel] = program.exercises;
    const context = await newContext(browser(), PHONE);
    // Count the tones of the success sound as the page makes them (headless Chromium plays to no speaker).
    await context.addInitScript(() => {
      const w = window as unknown as { tones: number };
      w.tones = 0;
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        w.tones += 1;
        return create.call(this);
      };
    });
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    // The day view is one tap from the session: See all exercises.
    await page.goto(`/program/${program.id}/session?date=${today}`);
    await page.getByRole('link', { name: 'See all exercises' }).click();
    await page.waitForURL(`**/program/${program.id}?date=${today}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);
    await visible(page, longDate(today));

    // The session's own effort and pain choices, not dropdowns: 1 to 10, nothing chosen yet.
    const form = feedbackForm(page, heel!.name);
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(await form.locator('select').count()).toBe(0);
    const effort = form.getByRole('radiogroup', { name: 'Effort: how hard was it?' });
    expect(await effort.getByRole('radio').count()).toBe(10);
    expect(await effort.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await form.getByRole('radiogroup', { name: `${PAIN_QUESTION} (optional)` }).isVisible()).toBe(
      true,
    );
    await expectAccessible(page, 'client day view', { everyImpact: true });
    await screenshot(page, 'client-day-view-phone', form);

    // Without an effort the form asks for one and sends nothing.
    await form.getByRole('button', { name: 'I did it!' }).click();
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.effortRequired).isVisible()).toBe(true);
    expect(await effort.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe('1');
    expect((await api<TFeedback[]>(therapistToken, `/feedback/?exercise=${heel!.id}`)).body).toEqual([]);
    await expectAccessible(page, 'feedback form with effort error', { everyImpact: true });
    await screenshot(page, 'client-effort-required-phone');

    // A file of another type is refused at once; the photo is taken, named and shown.
    const media = form.getByLabel('Add a photo or video');
    await media.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.feedbackMediaInvalid).isVisible()).toBe(true);
    await effortRadio(form, 7).click();
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.effortRequired).count()).toBe(0);
    await form.getByLabel('How did it feel? (optional)').fill('Steady on my feet today.');
    await media.setInputFiles(path.join(fixtures, 'exercise.jpg'));
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.feedbackMediaInvalid).count()).toBe(0);
    await visible(page, 'Selected: exercise.jpg (10 KB)');
    await expect
      .poll(() => form.locator('.media-input-preview').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'client-photo-picked-phone', form.getByText('Selected: exercise.jpg (10 KB)'));

    await form.getByRole('button', { name: 'I did it!' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Exercise Complete!' });
    // Read while it shows, in one go: it hides itself after 5 s, which on a loaded machine can pass between reads.
    let shown = '';
    await expect
      .poll(async () => {
        shown = (await toast.textContent({ timeout: 500 }).catch(() => null)) ?? '';
        return shown;
      })
      .toContain("You're Absolutely Crushing It!");
    const shownAt = Date.now();
    expect(shown).toContain('Another exercise completed. Keep up the amazing work!');
    // Confetti draws on a canvas over the page, and the success sound plays its four notes.
    await expect.poll(() => page.locator('body > canvas').count(), { timeout: 2000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { tones: number }).tones)).toBe(4);
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.feedbackSubmitted).isVisible()).toBe(true);
    const done = form.getByRole('button', { name: 'Completed! ✓' });
    expect(await done.isDisabled()).toBe(true);
    await expect.poll(() => exerciseToggle(page, heel!.name, true).isVisible()).toBe(true);
    await screenshot(page, 'client-completed-toast-phone');
    await screenshot(page, 'client-completed-form-phone', done);
    await expectAccessible(page, 'completed exercise with toast');

    // The toast hides itself after 5 s.
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(0);
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);

    const saved = await api<TFeedback[]>(therapistToken, `/feedback/?exercise=${heel!.id}`);
    expect(saved.body).toHaveLength(1);
    expect(saved.body[0]).toMatchObject({
      date_completed: today,
      effort_rating: 7,
      feeling: 'Steady on my feet today.',
    });
    expect(saved.body[0]!.image_url).toMatch(/^\/api\/media\//);

    // Changing the feeling offers Update Feedback; saving it celebrates no more.
    await form.getByLabel('How did it feel? (optional)').fill('Steady, and a little easier than yesterday.');
    const update = form.getByRole('button', { name: 'Update Feedback' });
    expect(await update.isEnabled()).toBe(true);
    await update.click();
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.feedbackUpdated).isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Completed! ✓' }).isDisabled()).toBe(true);
    expect(await toast.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { tones: number }).tones)).toBe(4);
    const updated = await api<TFeedback[]>(therapistToken, `/feedback/?exercise=${heel!.id}`);
    expect(updated.body[0]).toMatchObject({
      effort_rating: 7,
      feeling: 'Steady, and a little easier than yesterday.',
    });
    // The photo stays: on PUT media goes only when newly chosen.
    expect(updated.body[0]!.image_url).toMatch(/^\/api\/media\//);

    // Opening the day again loads the entry in one call and shows it as done.
    const dayCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/program-feedback/') || url.pathname.startsWith('/api/feedback/'))
        dayCalls.push(url.pathname);
    });
    await page.reload();
    await expect.poll(() => feedbackForm(page, heel!.name).isVisible()).toBe(true);
    expect(await effortRadio(feedbackForm(page, heel!.name), 7).isChecked()).toBe(true);
    // The photo has no size until its file has loaded, which on a loaded machine comes after the form: wait for it.
    await expect.poll(() => page.getByAltText(`Feedback photo: ${heel!.name}`).isVisible()).toBe(true);
    expect(dayCalls).toEqual(['/api/program-feedback/']);
    await context.close();
  });

  it('shows the client a plain notice on a day the program does not prescribe, and the past as prescribed', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await page.goto(`/program/${program.id}?date=${sydneyDate(-10)}`);
    await visible(page, FEEDBACK_TEXTS.feedbackNotPrescribed);
    expect(await page.getByRole('button', { name: 'I did it!' }).count()).toBe(0);

    // A past prescribed day: the form, for the exercises as they were then.
    await page.goto(`/program/${program.id}?date=${sydneyDate(-2)}`);
    await expect.poll(() => feedbackForm(page, program.exercises[0]!.name).isVisible()).toBe(true);
    expect(await page.getByText(FEEDBACK_TEXTS.feedbackNotPrescribed).count()).toBe(0);
    await expectAccessible(page, 'client exercise day desktop');
    await screenshot(page, 'client-past-day-desktop');

    // Sent meanwhile from another device: the second I did it! is refused and the form turns to Update Feedback.
    const sit = program.exercises[1]!;
    await giveFeedback(client, sit.id, sydneyDate(-2));
    await exerciseToggle(page, sit.name).click();
    const form = feedbackForm(page, sit.name);
    await expect.poll(() => form.isVisible()).toBe(true);
    await effortRadio(form, 5).click();
    await form.getByRole('button', { name: 'I did it!' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe(FEEDBACK_TEXTS.feedbackDuplicate);
    await expect.poll(() => form.getByRole('button', { name: 'Update Feedback' }).isEnabled()).toBe(true);
    await expect.poll(() => exerciseToggle(page, sit.name, true).isVisible()).toBe(true);
    await context.close();
  });
});
