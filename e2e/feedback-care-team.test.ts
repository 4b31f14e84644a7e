import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TProgram } from '@hep/shared/schemas/programs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClientWithProgram, exerciseToggle, visible } from './exercise-feedback-helpers';
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
import { api, therapistToken as demoTherapistToken } from './support/client-factory';
import { ddMMyyyy, longDate, sydneyDate } from './support/dates';

// What the care team reads of a client's feedback (docs/product/feedback-and-progress.md#feedback-card and
// #feedback-history): the days completed, the day's card and the whole history.

const browser = useBrowser();
const photo = readFileSync(path.resolve(import.meta.dirname, 'fixtures/exercise.jpg'));

describe("the care team's view of feedback", () => {
  let program: TProgram;
  const today = sydneyDate();

  beforeAll(async () => {
    const therapistToken = await demoTherapistToken();
    const made = await createClientWithProgram(therapistToken);
    program = made.program;
    // Today's report on the first exercise, as the client's form sends it: effort 7, how it felt, a photo.
    const form = new FormData();
    form.set('exercise', String(program.exercises[0]!.id));
    form.set('date_completed', today);
    form.set('effort_rating', '7');
    form.set('feeling', 'Steady, and a little easier than yesterday.');
    form.set('media', new Blob([photo], { type: 'image/jpeg' }), 'exercise.jpg');
    const saved = await api(made.client.token, '/feedback/', { method: 'POST', body: form });
    expect(saved.status).toBe(201);
  });

  it("shows the therapist the days completed, the day's feedback and the whole history", async () => {
    const [heel, sit] = program.exercises;
    // Three days ago (no entries) is before the client's today in any zone: the server's statuses use theirs, UTC.
    const earlier = sydneyDate(-3);
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${program.id}?date=${today}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);

    // The calendar opens behind its toggle, Monday first, on the month of the day shown.
    const toggle = page.getByRole('button', { name: 'Show Days Completed' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const hide = page.getByRole('button', { name: 'Hide Days Completed' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    const calendar = page.getByRole('table');
    expect(await calendar.getByRole('columnheader').allInnerTexts()).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    // One of two exercises is done today: in progress, as an icon with words for screen readers.
    const todayLink = page.getByRole('link', { name: `${longDate(today)}: In progress` });
    await expect.poll(() => todayLink.isVisible()).toBe(true);
    expect(await todayLink.getAttribute('aria-current')).toBe('date');
    expect(await todayLink.locator('svg').count()).toBe(1);
    if (earlier.slice(0, 7) !== today.slice(0, 7))
      await page.getByRole('button', { name: 'Previous month' }).click();
    const earlierLink = page.getByRole('link', { name: `${longDate(earlier)}: Missed` });
    await expect.poll(() => earlierLink.isVisible()).toBe(true);
    await expectAccessible(page, 'therapist calendar phone');
    await screenshot(page, 'therapist-calendar-phone', calendar);

    // Clicking a day opens the program on that date; its exercise has no feedback then.
    await earlierLink.click();
    await page.waitForURL((url) => url.searchParams.get('date') === earlier);
    await visible(page, longDate(earlier));
    await visible(page, 'No feedback submitted yet for this exercise.');
    if (earlier.slice(0, 7) !== today.slice(0, 7))
      await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('link', { name: `${longDate(today)}: In progress` }).click();
    await page.waitForURL((url) => url.searchParams.get('date') === today);

    // The day's card: submitted time, effort 7 of 10 (amber band), how it felt, the photo.
    const card = page.getByRole('region', { name: `${'Client Feedback'}: ${heel!.name}` });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await exerciseToggle(page, heel!.name, true).getAttribute('aria-expanded')).toBe('true');
    expect(await card.innerText()).toContain('Submitted');
    expect(await card.innerText()).toContain('7/10');
    expect(await card.getByText('Steady, and a little easier than yesterday.').isVisible()).toBe(true);
    const bar = card.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('7');
    expect(await bar.locator('.progress-bar').getAttribute('class')).toContain('bg-warning');
    expect(await bar.locator('.progress-bar').evaluate((el) => (el as HTMLElement).style.width)).toBe('70%');
    const photo = card.getByRole('img', { name: `Feedback photo: ${heel!.name}` });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, 'therapist feedback card phone');
    await screenshot(page, 'therapist-feedback-card-phone', card);

    // The second exercise has none yet.
    await exerciseToggle(page, sit!.name).click();
    const sitCard = page.getByRole('region', { name: `${'Client Feedback'}: ${sit!.name}` });
    await expect.poll(() => sitCard.innerText()).toContain('No feedback submitted yet for this exercise.');

    // View All Feedback: the history with its summary.
    await exerciseToggle(page, heel!.name, true).click();
    // Click only once the accordion has stopped moving: a link in an item still opening or closing can take the
    // click without navigating on a slow machine.
    await expect.poll(() => page.locator('.accordion-collapse.collapsing').count()).toBe(0);
    // Scoped by its target: while the other item is still collapsing, its link is visible too.
    await page
      .getByRole('link', { name: 'View All Feedback' })
      .and(page.locator(`[href="/exercise/${heel!.id}/feedback"]`))
      .click();
    await page.waitForURL(`**/exercise/${heel!.id}/feedback`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: heel!.name }).isVisible()).toBe(true);
    await visible(page, '1 entry');
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.innerText()).toContain(`First entry\n${ddMMyyyy(today)}`);
    expect(await summary.innerText()).toContain('Average effort\n7.0/10');
    expect(await summary.innerText()).toContain(`Latest entry\n${ddMMyyyy(today)}`);
    const entry = page.getByRole('article', { name: `Feedback of ${ddMMyyyy(today)}` });
    expect(await entry.innerText()).toContain('7/10');
    expect(await entry.getByText('Steady, and a little easier than yesterday.').isVisible()).toBe(true);
    const entryPhoto = entry.getByRole('img');
    await expect
      .poll(() => entryPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Back to Program' }).getAttribute('href')).toBe(
      `/program/${program.id}`,
    );
    await expectAccessible(page, 'feedback history phone');
    await screenshot(page, 'feedback-history-phone');

    // An exercise without entries says so.
    await page.goto(`/exercise/${program.exercises[2]!.id}/feedback`);
    await visible(page, 'No feedback has been submitted for this exercise yet.');
    await visible(page, '0 entries');
    await page.getByRole('link', { name: 'Back to Program' }).click();
    await page.waitForURL((url) => url.pathname === `/program/${program.id}`);
    await context.close();
  });

  it('lays the calendar, the card and the history out on a desktop', async () => {
    const [heel] = program.exercises;
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${program.id}?date=${today}`);
    await page.getByRole('button', { name: 'Show Days Completed' }).click();
    await expect
      .poll(() => page.getByRole('link', { name: `${longDate(today)}: In progress` }).isVisible())
      .toBe(true);
    const width = await page.getByRole('table').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(900);
    expect(width).toBeGreaterThan(600);
    await expect
      .poll(() => page.getByRole('region', { name: `${'Client Feedback'}: ${heel!.name}` }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'therapist program view desktop');
    await screenshot(page, 'therapist-program-desktop', page.getByRole('table'));

    await page.goto(`/exercise/${heel!.id}/feedback`);
    await visible(page, '1 entry');
    await expectAccessible(page, 'feedback history desktop');
    await screenshot(page, 'feedback-history-desktop');
    await context.close();
  });
});
