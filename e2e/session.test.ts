import type { Locator, Page } from 'playwright-core';
import { EFFORT_LABELS } from '@hep/shared/domain/effort';
import { MESSAGES } from '@hep/shared/messages';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, createActiveClient, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { createProgramWithMedia, type ExerciseSpec } from './support/program-with-media';
import {
  countLayoutShifts,
  expectAboveTheFold,
  expectClientSized,
  expectNoClipping,
  expectNotCovering,
  layoutShift,
} from './session-helpers';

const browser = useBrowser();
/** Answers that go through the server (and the service worker) may take a few seconds on a busy machine. */
const SOON = { timeout: 10_000 };
const EVERY_DAY = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const NOTHING_TODAY = 'Nothing to do today. Rest well.';

const FIVE: ExerciseSpec[] = [
  {
    name: 'Sit to stand',
    instructions: 'Sit on a firm chair.\nStand up slowly, then sit down again.',
    dosage: { sets: 3, reps: 10, rest_seconds: 30 },
    photo: true,
  },
  {
    name: 'Heel raises',
    instructions: 'Hold the bench. Rise onto your toes.',
    dosage: { reps: 10, hold_seconds: 5 },
  },
  {
    name: 'Side steps',
    instructions: 'Step sideways along the bench and back.',
    dosage: { reps: 10, side: 'both' },
  },
  {
    name: 'Arm reach',
    instructions: 'Reach forward with your weaker arm.',
    dosage: { sets: 2, side: 'left' },
  },
  { name: 'Deep breaths', instructions: 'Breathe in slowly, then out.', dosage: { times_per_day: 2 } },
];
const EFFORTS = [3, 5, 7, 9, 2];

const prompt = (page: Page) => page.getByRole('region', { name: MESSAGES.enableNotificationsTitle });
const todayRegion = (page: Page) => page.getByRole('region', { name: /^Today/ });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const effortRadio = (page: Page, rating: number) =>
  page.getByRole('radio', { name: new RegExp(`^${rating} ${EFFORT_LABELS[rating]}`) });

async function newClientWithProgram(therapist: string, lastName: string, exercises: ExerciseSpec[]) {
  const client = await createActiveClient(therapist, lastName);
  const program = await createProgramWithMedia(therapist, client.id, {
    name: 'Stronger legs',
    start_date: sydneyDate(-3),
    end_date: sydneyDate(30),
    days: EVERY_DAY,
    exercises,
  });
  return { client, program };
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

/** The completion toast in the page's flow, never over the next step or its I did it!. */
async function expectToastClear(page: Page, next: Locator, label: string) {
  const toast = page.getByRole('status').filter({ hasText: MESSAGES.exerciseCompleteTitle });
  await expect.poll(() => toast.isVisible(), SOON).toBe(true);
  await expectNotCovering(toast, next, `${label}: toast and heading`);
  const done = page.getByRole('button', { name: MESSAGES.iDidIt });
  if (await done.count()) await expectNotCovering(toast, done, `${label}: toast and I did it!`);
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.height / viewport.height, `${label}: toast height`).toBeLessThanOrEqual(0.2);
}

describe('the client session', () => {
  let therapist = '';
  const today = sydneyDate();

  beforeAll(async () => {
    therapist = await therapistToken();
  });

  it('opens on Today and does five exercises in eleven taps, each saved with its effort', async () => {
    const { client, program } = await newClientWithProgram(therapist, `Session${Date.now()}`, FIVE);
    const context = await newContext(browser(), PHONE);
    await countLayoutShifts(context);
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

    // A fresh load of the client's home, with the notification prompt showing: Today and its Start come first.
    await page.goto('/programs');
    const start = todayRegion(page).getByRole('link', { name: `Start: ${program.name}` });
    await expect.poll(() => start.isVisible(), SOON).toBe(true);
    await expect.poll(() => prompt(page).isVisible(), SOON).toBe(true);
    await expect.poll(() => page.getByText(/^Showing week:/).isVisible(), SOON).toBe(true);
    await expectAboveTheFold(page, start, 'Start');
    const todayBox = (await todayRegion(page).boundingBox())!;
    expect((await prompt(page).boundingBox())!.y, 'the prompt under Today').toBeGreaterThanOrEqual(
      todayBox.y + todayBox.height,
    );
    expect(await todayRegion(page).getByText('5 exercises').isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const shift = await layoutShift(page);
    expect(shift.total, `layout shift on /programs: ${shift.shifts.join('; ')}`).toBeLessThanOrEqual(0.02);
    await expectAccessible(page, '/programs with the prompt', { everyImpact: true });
    await screenshot(page, 'session-programs-phone');

    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };

    await tap(start);
    await page.waitForURL(`**/program/${program.id}/session?date=${today}`);
    for (const [n, exercise] of FIVE.entries()) {
      await expect.poll(() => heading(page, exercise.name).isVisible(), SOON).toBe(true);
      expect(
        await page
          .getByText(`${n + 1} of 5`, { exact: false })
          .first()
          .isVisible(),
      ).toBe(true);
      if (n > 0) {
        // The next exercise followed by itself, with focus on its heading and the toast above it, not over it.
        await expect.poll(() => focusedText(page)).toBe(exercise.name);
        await expectToastClear(page, heading(page, exercise.name), exercise.name);
      }
      if (n === 0) {
        expect(await page.getByText('3 sets of 10 · rest 30 seconds between sets').isVisible()).toBe(true);
        await expect.poll(() => page.getByRole('img', { name: 'Sit to stand' }).isVisible(), SOON).toBe(true);
        expect(await page.getByText('Set 1 of 3').isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'See all exercises' }).getAttribute('href')).toBe(
          `/program/${program.id}?date=${today}`,
        );
        expect(
          await page.getByRole('group', { name: 'Effort: how hard was it?' }).getByRole('radio').count(),
        ).toBe(11);
        await expectAccessible(page, 'session, first exercise', { everyImpact: true });
        await expectClientSized(page, 'session, first exercise');
        await screenshot(page, 'session-step-phone');
      }
      await tap(effortRadio(page, EFFORTS[n]!));
      expect(await effortRadio(page, EFFORTS[n]!).isChecked()).toBe(true);
      if (n === 1)
        await screenshot(page, 'session-step-effort-phone', page.getByRole('button', { name: 'I did it!' }));
      await tap(page.getByRole('button', { name: MESSAGES.iDidIt }));
      if (n === 0) {
        // The celebration still plays (docs/product/feedback-and-progress.md#celebration): the four notes and
        // confetti.
        await expect.poll(() => page.evaluate(() => (window as unknown as { tones: number }).tones)).toBe(4);
        await expect.poll(() => page.locator('body > canvas').count(), { timeout: 2000 }).toBeGreaterThan(0);
      }
      if (n === 1) {
        await expectAccessible(page, 'session, with the toast', { everyImpact: true });
        await screenshot(page, 'session-next-step-toast-phone');
      }
    }

    const allDone = heading(page, 'All done for today');
    await expect.poll(() => allDone.isVisible(), SOON).toBe(true);
    await expect.poll(() => focusedText(page)).toBe('All done for today');
    expect(taps, 'taps from /programs').toBeLessThanOrEqual(11);
    for (const [n, exercise] of FIVE.entries()) {
      const row = page.getByRole('listitem').filter({ hasText: exercise.name });
      expect(await row.textContent()).toContain(`Effort ${EFFORTS[n]}/10 · ${EFFORT_LABELS[EFFORTS[n]!]}`);
    }
    await expectToastClear(page, allDone, 'All done');
    await expectAccessible(page, 'all done', { everyImpact: true });
    await screenshot(page, 'session-all-done-phone');

    const rows = await api<TFeedback[]>(
      client.token,
      `/program-feedback/?program=${program.id}&date_completed=${today}`,
    );
    expect(rows.status).toBe(200);
    expect(rows.body).toHaveLength(5);
    const effortByName = Object.fromEntries(
      rows.body.map((row) => [program.exercises.find((e) => e.id === row.exercise)!.name, row.effort_rating]),
    );
    expect(effortByName).toEqual(Object.fromEntries(FIVE.map((e, n) => [e.name, EFFORTS[n]])));

    // Back home, today is done; Start again shows the day's work instead of asking twice.
    await page.getByRole('link', { name: 'Back to my programs' }).click();
    const again = todayRegion(page).getByRole('link', { name: `See what you did: ${program.name}` });
    await expect.poll(() => again.isVisible(), SOON).toBe(true);
    expect(await todayRegion(page).getByText('Completed').isVisible()).toBe(true);
    await again.click();
    await expect.poll(() => allDone.isVisible(), SOON).toBe(true);
    await context.close();

    // The same pages on a desktop.
    const desktop = await newContext(browser(), DESKTOP);
    const wide = await desktop.newPage();
    await logIn(wide, client);
    await wide.waitForURL('**/programs');
    await expect.poll(() => todayRegion(wide).getByText('Completed').isVisible(), SOON).toBe(true);
    await expect.poll(() => wide.getByText(/^Showing week:/).isVisible(), SOON).toBe(true);
    await screenshot(wide, 'session-programs-desktop');
    await wide.goto(`/program/${program.id}/session?date=${today}`);
    await expect.poll(() => heading(wide, 'All done for today').isVisible(), SOON).toBe(true);
    await screenshot(wide, 'session-all-done-desktop');
    await desktop.close();
  });

  it('helps with sets and holds, asks for an effort, and fits 320 px and 200% zoom', async () => {
    const client = await createActiveClient(therapist, `Session${Date.now()}`);
    const narrow = await newContext(browser(), { width: 320, height: 700 });
    const page = await narrow.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    // Nothing today: said plainly, with the week list still below.
    await expect.poll(() => todayRegion(page).getByText(NOTHING_TODAY).isVisible(), SOON).toBe(true);
    await expect.poll(() => page.getByText(/^Showing week:/).isVisible(), SOON).toBe(true);

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
        },
        {
          name: 'Tandem stand',
          instructions: 'Stand heel to toe by the bench.',
          dosage: { hold_seconds: 30 },
        },
      ],
    });
    await page.reload();
    const start = todayRegion(page).getByRole('link', { name: `Start: ${program.name}` });
    await expect.poll(() => start.isVisible(), SOON).toBe(true);
    await expect.poll(() => prompt(page).isVisible(), SOON).toBe(true);
    await expectNoClipping(page, prompt(page), 'prompt at 320 px');
    await expectNoClipping(page, page.locator('main'), '/programs at 320 px');
    await screenshot(page, 'session-programs-320');

    await start.click();
    await expect.poll(() => heading(page, 'Wall push').isVisible(), SOON).toBe(true);
    await expectNoClipping(page, page.locator('main'), 'session at 320 px');
    await expectClientSized(page, 'session at 320 px');

    // Sets: a counter only, saving nothing.
    await page.getByRole('button', { name: 'Set done' }).click();
    expect(await page.getByText('Set 2 of 2').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Set done' }).click();
    expect(await page.getByText('All 2 sets done').isVisible()).toBe(true);

    // The hold counts down and says so, but the exercise stays until the client says it is done.
    const speaks = await page.evaluate(() => 'speechSynthesis' in window);
    expect(await page.getByRole('switch', { name: 'Speak the count' }).count()).toBe(speaks ? 1 : 0);
    expect(await page.getByRole('button', { name: 'Read aloud' }).count()).toBe(speaks ? 1 : 0);
    await page.getByRole('button', { name: 'Start hold' }).click();
    await expect.poll(() => page.getByText('Time is up.').isVisible(), SOON).toBe(true);
    expect(await heading(page, 'Wall push').isVisible()).toBe(true);
    expect(await page.getByRole('timer', { name: 'Hold time left' }).textContent()).toBe('0:00');

    // No effort chosen: asked for, nothing sent. The arrow keys move through the choices.
    await page.getByRole('button', { name: MESSAGES.iDidIt }).click();
    await expect.poll(() => page.getByText(MESSAGES.effortRequired).isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value))
      .toBe('0');
    await expectAccessible(page, 'session with the effort message', { everyImpact: true });
    await screenshot(page, 'session-effort-required-320', page.getByText(MESSAGES.effortRequired));
    for (let n = 0; n < 4; n += 1) await page.keyboard.press('ArrowRight');
    expect(await effortRadio(page, 4).isChecked()).toBe(true);
    const sent = await api<TFeedback[]>(
      client.token,
      `/program-feedback/?program=${program.id}&date_completed=${today}`,
    );
    expect(sent.body).toEqual([]);
    await page.getByRole('button', { name: MESSAGES.iDidIt }).click();
    await expect.poll(() => heading(page, 'Tandem stand').isVisible(), SOON).toBe(true);
    await expectToastClear(page, heading(page, 'Tandem stand'), 'next at 320 px');
    await narrow.close();

    // 200% zoom on the phone: 195 CSS px across. The toast still sits above the next step.
    const zoomed = await newContext(browser(), { width: 195, height: 422 });
    const small = await zoomed.newPage();
    await logIn(small, client);
    await small.waitForURL('**/programs');
    await small.goto(`/program/${program.id}/session?date=${today}`);
    await expect.poll(() => heading(small, 'Tandem stand').isVisible(), SOON).toBe(true);
    expect(await small.getByText('Done today', { exact: false }).count()).toBe(0);
    // The browser's own file field cuts its "No file chosen" short this narrow; the chosen file is named below it.
    await expectNoClipping(small, small.locator('main'), 'session at 200%', 'input[type=file]');
    await effortRadio(small, 6).click();
    await small.getByRole('button', { name: MESSAGES.iDidIt }).click();
    const allDone = heading(small, 'All done for today');
    await expect.poll(() => allDone.isVisible(), SOON).toBe(true);
    await expectNotCovering(
      small.getByRole('status').filter({ hasText: MESSAGES.exerciseCompleteTitle }),
      allDone,
      'toast at 200%',
    );
    // The next step is on the screen, not pushed below it by the toast.
    const shown = (await allDone.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y + shown.height).toBeLessThanOrEqual(422);
    await screenshot(small, 'session-all-done-200');
    await small.goto('/programs');
    await expect.poll(() => prompt(small).isVisible(), SOON).toBe(true);
    // The week list's day status is wider than a 195 px screen (its own styles); the prompt is what counts here.
    await expectNoClipping(small, prompt(small), 'prompt at 200%', '', false);
    await zoomed.close();

    // A step on a desktop: yesterday, still open, can be done too.
    const desktop = await newContext(browser(), DESKTOP);
    const wide = await desktop.newPage();
    await logIn(wide, client);
    await wide.waitForURL('**/programs');
    await wide.goto(`/program/${program.id}/session?date=${sydneyDate(-1)}`);
    await expect.poll(() => heading(wide, 'Wall push').isVisible(), SOON).toBe(true);
    await expectAccessible(wide, 'session on a desktop', { everyImpact: true });
    await screenshot(wide, 'session-step-desktop');
    await desktop.close();
  });

  it('points the care team to the program view', async () => {
    const { program } = await newClientWithProgram(therapist, `Session${Date.now()}`, FIVE.slice(0, 1));
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${program.id}/session?date=${today}`);
    const open = page.getByRole('link', { name: 'Open the program' });
    await expect.poll(() => open.isVisible(), SOON).toBe(true);
    expect(await page.getByText('This page is for the client').isVisible()).toBe(true);
    expect(await open.getAttribute('href')).toBe(`/program/${program.id}?date=${today}`);
    expect(await page.getByRole('button', { name: MESSAGES.iDidIt }).count()).toBe(0);
    await context.close();
  });
});
