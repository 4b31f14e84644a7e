import type { Page } from 'playwright-core';
import { addDays, weekStart } from '@hep/shared/domain/day-status';
import { PAIN_QUESTION } from '@hep/shared/domain/pain';
import { EFFORT_LABELS } from '@hep/shared/domain/effort';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { beforeAll, describe, expect, it } from 'vitest';
import { exerciseToggle, feedbackForm, visible } from './exercise-feedback-helpers';
import {
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, createActiveClient, therapistToken } from './support/client-factory';
import { ddMMyyyy, sydneyDate } from './support/dates';
import { createProgramWithMedia } from './support/program-with-media';
import { expectClientSized } from './session-helpers';

// docs/product/feedback-and-progress.md#pain in the client's session: the optional pain question, the pain on the
// care team's card and the history, and All done's week so far and trend.

const browser = useBrowser();
const SOON = { timeout: 10_000 };
const LAPTOP = { width: 1280, height: 800 };
const EVERY_DAY = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const painGroup = (page: Page) => page.getByRole('radiogroup', { name: `${PAIN_QUESTION} (optional)` });
/** The pain question is one tap away: "+ Pain" opens it. */
const openPain = (page: Page) => page.getByRole('button', { name: 'Pain', exact: true }).click();
const effortRadio = (page: Page, rating: number) =>
  page.getByRole('radio', { name: new RegExp(`^${rating} ${EFFORT_LABELS[rating]}`) });

/** The client's report through the API, as the web app sends it (multipart). */
async function report(token: string, exercise: number, date: string, effort: number, pain?: number) {
  const form = new FormData();
  form.set('exercise', String(exercise));
  form.set('date_completed', date);
  form.set('effort_rating', String(effort));
  if (pain !== undefined) form.set('pain', String(pain));
  const saved = await api<unknown>(token, '/feedback/', { method: 'POST', body: form });
  expect(saved.status, `feedback for ${date}`).toBe(201);
}

describe('pain and the week in the client session', () => {
  let therapist = '';
  const today = sydneyDate();
  const yesterday = sydneyDate(-1);

  beforeAll(async () => {
    therapist = await therapistToken();
  });

  it('asks for pain, shows it to the care team, and sums up the week with a trend', async () => {
    const client = await createActiveClient(therapist, `Pain${Date.now()}`);
    const program = await createProgramWithMedia(therapist, client.id, {
      name: 'Steady legs',
      start_date: sydneyDate(-3),
      end_date: sydneyDate(30),
      days: EVERY_DAY,
      exercises: [
        { name: 'Sit to stand', instructions: 'Stand up slowly from a firm chair.', dosage: { reps: 10 } },
        { name: 'Heel raises', instructions: 'Hold the bench. Rise onto your toes.', dosage: { reps: 10 } },
      ],
    });
    const [sit, heel] = program.exercises;
    // Yesterday's reports: both exercises, so yesterday is a done day, and the trend has something to compare.
    await report(client.token, sit!.id, yesterday, 7, 5);
    await report(client.token, heel!.id, yesterday, 5);

    // The exercise screen on a laptop, as it first shows: the pain question with "No answer" chosen.
    const laptop = await newContext(browser(), LAPTOP);
    const wide = await laptop.newPage();
    await logIn(wide, client);
    await wide.waitForURL('**/programs');
    await wide.goto(`/program/${program.id}/session?date=${today}`);
    await expect.poll(() => heading(wide, 'Sit to stand').isVisible(), SOON).toBe(true);
    expect(await painGroup(wide).count()).toBe(0);
    await openPain(wide);
    await expect.poll(() => painGroup(wide).isVisible(), SOON).toBe(true);
    expect(await painGroup(wide).getByRole('radio', { name: 'No answer' }).isChecked()).toBe(true);
    await effortRadio(wide, 4).click();
    await screenshot(wide, 'session-pain-desktop', painGroup(wide));
    await expectAccessible(wide, 'session with the pain question, desktop', { everyImpact: true });
    await laptop.close();

    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await page.goto(`/program/${program.id}/session?date=${today}`);
    await expect.poll(() => heading(page, 'Sit to stand').isVisible(), SOON).toBe(true);
    await openPain(page);
    const pain = painGroup(page);
    expect(await pain.getByRole('radio').count()).toBe(12);
    expect(await pain.getByRole('radio', { name: 'No answer' }).isChecked()).toBe(true);
    // Opened, it has the focus on "No answer"; the arrow keys move through the levels and choose.
    await expect
      .poll(() =>
        pain.getByRole('radio', { name: 'No answer' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await pain.getByRole('radio', { name: '0', exact: true }).isChecked()).toBe(true);
    await pain.getByRole('radio', { name: '6', exact: true }).click();
    expect(await pain.getByRole('radio', { name: '6', exact: true }).isChecked()).toBe(true);
    await effortRadio(page, 4).click();
    await expectClientSized(page, 'session with the pain question');
    await expectAccessible(page, 'session with the pain question', { everyImpact: true });
    await screenshot(page, 'session-pain-phone', pain);
    await page.getByRole('button', { name: 'I did it!' }).click();

    // Pain is optional: the next one is saved without it.
    await expect.poll(() => heading(page, 'Heel raises').isVisible(), SOON).toBe(true);
    await effortRadio(page, 5).click();
    await page.getByRole('button', { name: 'I did it!' }).click();

    // All done: the week so far (yesterday and today are done days of this week when both fall in it) and the
    // largest change since the last report: Sit to stand's effort 7 -> 4 (its pain went 5 -> 6, heel raises held).
    const allDone = heading(page, 'All done for today');
    await expect.poll(() => allDone.isVisible(), SOON).toBe(true);
    const start = weekStart(today);
    const week = Array.from({ length: 7 }, (_, n) => addDays(start, n));
    const prescribed = week.filter((day) => day >= sydneyDate(-3)).length;
    const done = week.filter((day) => day === today || day === yesterday).length;
    const weekLine = page.getByText(`${done} of ${prescribed} days this week`, { exact: true });
    await expect.poll(() => weekLine.isVisible(), SOON).toBe(true);
    const trend = page.getByText('Sit to stand felt easier: effort 7 → 4', { exact: true });
    await expect.poll(() => trend.isVisible(), SOON).toBe(true);
    // Said without the arrow to a screen reader.
    expect(await page.getByText('Sit to stand felt easier: effort went from 7 to 4').count()).toBe(1);
    const sitRow = page.getByRole('listitem').filter({ hasText: 'Sit to stand' });
    expect(await sitRow.innerText()).toContain('Pain 6 of 10');
    const heelRow = page.getByRole('listitem').filter({ hasText: 'Heel raises' });
    expect(await heelRow.innerText()).not.toContain('Pain');
    await expectClientSized(page, 'all done with the week');
    await expectAccessible(page, 'all done with the week and a trend', { everyImpact: true });
    await screenshot(page, 'session-all-done-week-phone', allDone);

    const saved = await api<TFeedback[]>(
      client.token,
      `/program-feedback/?program=${program.id}&date_completed=${today}`,
    );
    expect(saved.body.map((entry) => [entry.exercise, entry.effort_rating, entry.pain])).toEqual([
      [sit!.id, 4, 6],
      [heel!.id, 5, null],
    ]);

    // The accordion's feedback form gives a pain too: heel raises gets one after all.
    await page.goto(`/program/${program.id}?date=${today}`);
    const heelToggle = exerciseToggle(page, 'Heel raises', true);
    await expect.poll(() => heelToggle.isVisible(), SOON).toBe(true);
    if ((await heelToggle.getAttribute('aria-expanded')) !== 'true') await heelToggle.click();
    const form = feedbackForm(page, 'Heel raises');
    await expect.poll(() => form.isVisible(), SOON).toBe(true);
    await form
      .getByRole('radiogroup', { name: `${PAIN_QUESTION} (optional)` })
      .getByRole('radio', { name: '3', exact: true })
      .click();
    await form.getByRole('button', { name: 'Update Feedback' }).click();
    await expect.poll(() => form.getByText(FEEDBACK_TEXTS.feedbackUpdated).isVisible(), SOON).toBe(true);
    await context.close();

    // On a laptop: All done as it shows again later.
    const again = await newContext(browser(), LAPTOP);
    const later = await again.newPage();
    await logIn(later, client);
    await later.waitForURL('**/programs');
    await later.goto(`/program/${program.id}/session?date=${today}`);
    await expect.poll(() => heading(later, 'All done for today').isVisible(), SOON).toBe(true);
    await expect
      .poll(() => later.getByText(`${done} of ${prescribed} days this week`).isVisible(), SOON)
      .toBe(true);
    await screenshot(later, 'session-all-done-week-desktop');
    await again.close();

    // The care team: the pain on the day's card and in the history, in words.
    const staff = await newContext(browser(), PHONE);
    const therapistPage = await staff.newPage();
    await logIn(therapistPage, demoLogin('therapist'));
    await therapistPage.waitForURL('**/clients');
    await therapistPage.goto(`/program/${program.id}?date=${today}`);
    const card = therapistPage.getByRole('region', { name: `${'Client Feedback'}: Sit to stand` });
    await expect.poll(() => card.isVisible(), SOON).toBe(true);
    expect(await card.innerText()).toContain('Pain 6 of 10');
    await expectAccessible(therapistPage, 'therapist feedback card with pain');
    await screenshot(therapistPage, 'therapist-feedback-card-pain-phone', card);
    await therapistPage.goto(`/exercise/${sit!.id}/feedback`);
    await visible(therapistPage, '2 entries');
    const todayEntry = therapistPage.getByRole('article', { name: `Feedback of ${ddMMyyyy(today)}` });
    expect(await todayEntry.innerText()).toContain('Pain 6 of 10');
    const yesterdayEntry = therapistPage.getByRole('article', { name: `Feedback of ${ddMMyyyy(yesterday)}` });
    expect(await yesterdayEntry.innerText()).toContain('Pain 5 of 10');
    await therapistPage.goto(`/exercise/${heel!.id}/feedback`);
    await visible(therapistPage, '2 entries');
    const heelToday = therapistPage.getByRole('article', { name: `Feedback of ${ddMMyyyy(today)}` });
    expect(await heelToday.innerText()).toContain('Pain 3 of 10');
    const heelYesterday = therapistPage.getByRole('article', { name: `Feedback of ${ddMMyyyy(yesterday)}` });
    expect(await heelYesterday.innerText()).not.toContain('Pain');
    await expectAccessible(therapistPage, 'feedback history with pain');
    await staff.close();
  });
});
