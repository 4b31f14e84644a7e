import type { Locator, Page } from 'playwright-core';
import { EFFORT_LABELS } from '@hep/shared/domain/effort';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  ZOOMED,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { EFFORTS, FIVE, newClientWithFive } from './session-five';
import {
  controlsOffScreen,
  countLayoutShifts,
  expectAboveTheFold,
  expectClientSized,
  expectFullyShown,
  expectToastCoversNone,
  layoutShift,
  scrollOnceToControls,
  scrollTop,
} from './session-helpers';

// docs/product/session.md#guided-session: five exercises from Today in eleven taps, each on one screen (the effort
// choices and I did it! in view without scrolling on a phone, after at most one scroll at 200% zoom), then All done.

const browser = useBrowser();
/** Answers that go through the server (and the service worker) may take a few seconds on a busy machine. */
const SOON = { timeout: 10_000 };

const prompt = (page: Page) => page.getByRole('region', { name: 'Enable Notifications?' });
const todayRegion = (page: Page) => page.getByRole('region', { name: /^Today/ });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const effortRadio = (page: Page, rating: number) =>
  page.getByRole('radio', { name: new RegExp(`^${rating} ${EFFORT_LABELS[rating]}`) });

function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

/** The completion toast covers neither the next exercise's name nor its effort choices and I did it!. */
async function expectToastClear(page: Page, label: string, next: Locator) {
  const done = page.getByRole('button', { name: 'I did it!' });
  const targets: Record<string, Locator> = { [`${label}: heading`]: next };
  if (await done.count()) {
    targets[`${label}: I did it!`] = done;
    targets[`${label}: effort`] = page.getByRole('radiogroup', { name: /^Effort/ });
  }
  const toast = await expectToastCoversNone(page, targets);
  expect(toast.height / page.viewportSize()!.height, `${label}: toast height`).toBeLessThan(0.2);
}

describe('the client session, one screen per exercise', () => {
  let therapist = '';
  const today = sydneyDate();

  beforeAll(async () => {
    therapist = await therapistToken();
  });

  it('goes from Today through five exercises in eleven taps without a scroll on a phone', async () => {
    const { client, program } = await newClientWithFive(therapist, `OneScreen${Date.now()}`);
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

    // A fresh load of the client's home: Today and its Start come first, nothing moves as the rest arrives.
    await page.goto('/programs');
    const start = todayRegion(page).getByRole('link', { name: `Start: ${program.name}` });
    await expect.poll(() => start.isVisible(), SOON).toBe(true);
    await expect.poll(() => page.getByText(/^Showing week:/).isVisible(), SOON).toBe(true);
    await expect.poll(() => prompt(page).isVisible(), SOON).toBe(true);
    await expectAboveTheFold(page, start, 'Start');
    const todayBox = (await todayRegion(page).boundingBox())!;
    expect((await prompt(page).boundingBox())!.y, 'the prompt under Today').toBeGreaterThanOrEqual(
      todayBox.y + todayBox.height,
    );
    expect(await todayRegion(page).getByText('5 exercises').isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
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
      const name = heading(page, exercise.name);
      await expect.poll(() => name.isVisible(), SOON).toBe(true);
      expect(await page.getByText(new RegExp(`^${n + 1} of 5`)).isVisible()).toBe(true);
      if (n > 0) {
        // The next exercise followed by itself, with focus on its heading, and the toast clear of what it asks.
        await expect.poll(() => focusedText(page)).toBe(exercise.name);
        await expectToastClear(page, exercise.name, name);
      }
      // One screen: the picture, the dosage, the instructions' first line, the effort choices and I did it!.
      const picture = page.getByRole('img', { name: exercise.name });
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), SOON)
        .toBeGreaterThan(0);
      expect(
        (await picture.boundingBox())!.height,
        `${exercise.name}: picture height`,
      ).toBeGreaterThanOrEqual(100);
      const firstLine = exercise.instructions.split(/[.\n]/)[0]!;
      expect(await page.getByText(firstLine).isVisible()).toBe(true);
      await expect.poll(() => controlsOffScreen(page), SOON).toBe(0);
      expect(await scrollTop(page), `${exercise.name}: scrolled`).toBe(0);
      if (n === 0) {
        expect(await page.getByText('3 sets of 10 · rest 30 seconds between sets').isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'See all exercises' }).getAttribute('href')).toBe(
          `/program/${program.id}?date=${today}`,
        );
        const radios = page.getByRole('radiogroup', { name: 'Effort: how hard was it?' }).getByRole('radio');
        expect(await radios.count()).toBe(10);
        expect(
          await radios.evaluateAll((all) => all.filter((r) => (r as HTMLInputElement).checked).length),
        ).toBe(0);
        await expectAccessible(page, 'session, first exercise', { everyImpact: true });
        await expectClientSized(page, 'session, first exercise');
        await screenshot(page, 'session-step-phone');
      }
      await tap(effortRadio(page, EFFORTS[n]!));
      expect(await effortRadio(page, EFFORTS[n]!).isChecked()).toBe(true);
      expect(await scrollTop(page), `${exercise.name}: scrolled by the tap`).toBe(0);
      if (n === 2) await screenshot(page, 'session-step-effort-phone');
      await tap(page.getByRole('button', { name: 'I did it!' }));
      if (n === 0) {
        // The celebration still plays (docs/product/feedback-and-progress.md#celebration): four notes and confetti.
        await expect.poll(() => page.evaluate(() => (window as unknown as { tones: number }).tones)).toBe(4);
        await expect.poll(() => page.locator('body > canvas').count(), { timeout: 2000 }).toBeGreaterThan(0);
      }
      if (n === 1) {
        await expect.poll(() => heading(page, FIVE[2]!.name).isVisible(), SOON).toBe(true);
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
    await expectToastClear(page, 'All done', allDone);
    await expectAccessible(page, 'all done', { everyImpact: true });
    await screenshot(page, 'session-all-done-phone');

    // What the session records is unchanged: one report per exercise with its effort.
    const rows = await api<TFeedback[]>(
      client.token,
      `/program-feedback/?program=${program.id}&date_completed=${today}`,
    );
    expect(rows.status).toBe(200);
    const effortByName = Object.fromEntries(
      rows.body.map((row) => [program.exercises.find((e) => e.id === row.exercise)!.name, row.effort_rating]),
    );
    expect(effortByName).toEqual(Object.fromEntries(FIVE.map((e, n) => [e.name, EFFORTS[n]])));
    expect(rows.body.map((row) => row.pain)).toEqual([null, null, null, null, null]);

    // Back home, today is Done, which opens the day's All done instead of asking again.
    await page.getByRole('link', { name: 'Back to my programs' }).click();
    const again = todayRegion(page).getByRole('link', { name: `Done: ${program.name}` });
    await expect.poll(() => again.isVisible(), SOON).toBe(true);
    await again.click();
    await expect.poll(() => allDone.isVisible(), SOON).toBe(true);
    await context.close();

    // The same pages on a desktop: yesterday's first exercise, and today's All done.
    const desktop = await newContext(browser(), DESKTOP);
    const wide = await desktop.newPage();
    await logIn(wide, client);
    await wide.waitForURL('**/programs');
    await expect.poll(() => todayRegion(wide).getByText('Completed').isVisible(), SOON).toBe(true);
    await screenshot(wide, 'session-programs-desktop');
    await wide.goto(`/program/${program.id}/session?date=${sydneyDate(-1)}`);
    await expect.poll(() => heading(wide, FIVE[0]!.name).isVisible(), SOON).toBe(true);
    await expect.poll(() => controlsOffScreen(wide), SOON).toBe(0);
    await expectAccessible(wide, 'session on a desktop', { everyImpact: true });
    await screenshot(wide, 'session-step-desktop');
    await wide.goto(`/program/${program.id}/session?date=${today}`);
    await expect.poll(() => heading(wide, 'All done for today').isVisible(), SOON).toBe(true);
    await screenshot(wide, 'session-all-done-desktop');
    await desktop.close();
  });

  it('takes at most one scroll per exercise at 200% zoom on a laptop', async () => {
    const { client, program } = await newClientWithFive(therapist, `Zoomed${Date.now()}`);
    const context = await newContext(browser(), ZOOMED, { deviceScaleFactor: 2 });
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    const start = todayRegion(page).getByRole('link', { name: `Start: ${program.name}` });
    await expect.poll(() => start.isVisible(), SOON).toBe(true);

    let taps = 0;
    let scrolls = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };
    await tap(start);
    for (const [n, exercise] of FIVE.entries()) {
      // Each exercise arrives with its name on the screen (below the toast, which takes its place in the flow here).
      await expect.poll(() => heading(page, exercise.name).isVisible(), SOON).toBe(true);
      await expectFullyShown(page, heading(page, exercise.name), `${exercise.name} on arrival`);
      expect(await page.getByRole('img', { name: exercise.name }).isVisible()).toBe(true);
      if (n === 0) await screenshot(page, 'session-step-zoomed');
      if ((await controlsOffScreen(page)) > 0) {
        await scrollOnceToControls(page);
        scrolls += 1;
      }
      expect(await controlsOffScreen(page), `${exercise.name}: after one scroll`).toBe(0);
      if (n === 0) {
        await expectAccessible(page, 'session at 200% zoom', { everyImpact: true });
        await screenshot(page, 'session-step-zoomed-scrolled');
      }
      await tap(effortRadio(page, EFFORTS[n]!));
      await tap(page.getByRole('button', { name: 'I did it!' }));
    }
    await expect.poll(() => heading(page, 'All done for today').isVisible(), SOON).toBe(true);
    expect(taps, 'taps at 200%').toBeLessThanOrEqual(11);
    expect(scrolls, 'scrolls at 200%').toBeLessThanOrEqual(5);
    const rows = await api<TFeedback[]>(
      client.token,
      `/program-feedback/?program=${program.id}&date_completed=${today}`,
    );
    expect(rows.body.map((row) => row.effort_rating).sort()).toEqual([...EFFORTS].sort());
    await context.close();
  });
});
