import type { Page } from 'playwright-core';
import { format, parseISO } from 'date-fns';
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
import { createActiveClient, giveFeedback, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { createProgramWithMedia } from './support/program-with-media';

// docs/product/session.md#today: every way into a day (Today, the week's Do it and Continue, a reminder) opens the
// guided session at the first exercise not done that day; Today's button says Start, Continue or Done.

const browser = useBrowser();
const SOON = { timeout: 10_000 };
const EVERY_DAY = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const NAMES = ['Sit to stand', 'Heel raises', 'Side steps'];

const todayRegion = (page: Page) => page.getByRole('region', { name: /^Today/ });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const dayHeading = (date: string) => format(parseISO(date), 'EEEE d MMMM');

async function sessionAt(page: Page, programId: number, date: string, name: string, place: string) {
  await page.waitForURL(`**/program/${programId}/session?date=${date}`);
  await expect.poll(() => heading(page, name).isVisible(), SOON).toBe(true);
  expect(await page.getByText(new RegExp(`^${place}`)).isVisible(), `${name} is ${place}`).toBe(true);
}

describe('the ways into a day', () => {
  let therapist = '';
  const today = sydneyDate();
  const yesterday = sydneyDate(-1);

  beforeAll(async () => {
    therapist = await therapistToken();
  });

  it('opens the session at the next exercise from Today, the week and a reminder', async () => {
    const client = await createActiveClient(therapist, `WaysIn${Date.now()}`);
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    // Nothing today: said plainly, and a reminder's link stays on Today.
    await page.goto('/programs?open=today');
    await expect
      .poll(() => todayRegion(page).getByText('Nothing to do today. Rest well.').isVisible(), SOON)
      .toBe(true);
    await expect.poll(() => new URL(page.url()).search, SOON).toBe('');

    const program = await createProgramWithMedia(therapist, client.id, {
      name: 'Steady legs',
      start_date: sydneyDate(-3),
      end_date: sydneyDate(30),
      days: EVERY_DAY,
      exercises: NAMES.map((name) => ({ name, instructions: `Do ${name.toLowerCase()} slowly.` })),
    });
    const [first, second, third] = program.exercises;

    // Nothing done today: Start, at the first exercise.
    await page.goto('/programs');
    const start = todayRegion(page).getByRole('link', { name: `Start: ${program.name}` });
    await expect.poll(() => start.isVisible(), SOON).toBe(true);
    await start.click();
    await sessionAt(page, program.id, today, NAMES[0]!, '1 of 3');

    // One done elsewhere: Today says Continue, and goes on at the second.
    await giveFeedback(client, first!.id, today);
    await page.goto('/programs');
    const resume = todayRegion(page).getByRole('link', { name: `Continue: ${program.name}` });
    await expect.poll(() => resume.isVisible(), SOON).toBe(true);
    expect(
      await todayRegion(page)
        .getByRole('link', { name: `Start: ${program.name}` })
        .count(),
    ).toBe(0);
    await expectAccessible(page, 'Today with Continue', { everyImpact: true });
    await screenshot(page, 'session-today-continue-phone', todayRegion(page));
    await resume.click();
    await sessionAt(page, program.id, today, NAMES[1]!, '2 of 3');

    // A reminder (the service worker opens its link, /programs?open=today): straight into the same place.
    await page.goto('/programs?open=today');
    await sessionAt(page, program.id, today, NAMES[1]!, '2 of 3');

    // The week: yesterday, with its first and third done, is Continue, at the second; the day before is Do it.
    await giveFeedback(client, first!.id, yesterday);
    await giveFeedback(client, third!.id, yesterday);
    await page.goto(`/programs?date=${yesterday}`);
    const weekContinue = page.getByRole('link', {
      name: `Continue: ${program.name}, ${dayHeading(yesterday)}`,
    });
    await expect.poll(() => weekContinue.isVisible(), SOON).toBe(true);
    await weekContinue.click();
    await sessionAt(page, program.id, yesterday, NAMES[1]!, '2 of 3');
    const before = sydneyDate(-2);
    await page.goto(`/programs?date=${before}`);
    const doIt = page.getByRole('link', { name: `Do it: ${program.name}, ${dayHeading(before)}` });
    await expect.poll(() => doIt.isVisible(), SOON).toBe(true);
    await doIt.click();
    await sessionAt(page, program.id, before, NAMES[0]!, '1 of 3');

    // All of today done: Done opens the day's All done, and a reminder's link stays on Today.
    await giveFeedback(client, second!.id, today);
    await giveFeedback(client, third!.id, today);
    await page.goto('/programs?open=today');
    const done = todayRegion(page).getByRole('link', { name: `Done: ${program.name}` });
    await expect.poll(() => done.isVisible(), SOON).toBe(true);
    await expect.poll(() => new URL(page.url()).search, SOON).toBe('');
    await screenshot(page, 'session-today-done-phone', todayRegion(page));
    await done.click();
    await page.waitForURL(`**/program/${program.id}/session?date=${today}`);
    await expect.poll(() => heading(page, 'All done for today').isVisible(), SOON).toBe(true);
    await context.close();
  });

  it('leaves a choice of programs on Today, and shows the care team the program view instead', async () => {
    const client = await createActiveClient(therapist, `Choice${Date.now()}`);
    const programs = [];
    for (const name of ['Morning legs', 'Evening arms'])
      programs.push(
        await createProgramWithMedia(therapist, client.id, {
          name,
          start_date: sydneyDate(-1),
          end_date: sydneyDate(30),
          days: EVERY_DAY,
          exercises: [{ name: `${name} stretch`, instructions: 'Stretch slowly.' }],
        }),
      );
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await page.goto('/programs?open=today');
    for (const program of programs)
      await expect
        .poll(
          () =>
            todayRegion(page)
              .getByRole('link', { name: `Start: ${program.name}` })
              .isVisible(),
          SOON,
        )
        .toBe(true);
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search, SOON)
      .toBe('/programs');
    await screenshot(page, 'session-today-two-desktop', todayRegion(page));
    await context.close();

    const staff = await newContext(browser(), PHONE);
    const therapistPage = await staff.newPage();
    await logIn(therapistPage, demoLogin('therapist'));
    await therapistPage.waitForURL('**/clients');
    await therapistPage.goto(`/program/${programs[0]!.id}/session?date=${today}`);
    const open = therapistPage.getByRole('link', { name: 'Open the program' });
    await expect.poll(() => open.isVisible(), SOON).toBe(true);
    expect(await therapistPage.getByText('This page is for the client').isVisible()).toBe(true);
    expect(await open.getAttribute('href')).toBe(`/program/${programs[0]!.id}?date=${today}`);
    expect(await therapistPage.getByRole('button', { name: 'I did it!' }).count()).toBe(0);
    await staff.close();
  });
});
