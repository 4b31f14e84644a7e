import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';
import { createActiveClient, createProgram, therapistToken, type TestClient } from './support/client-factory';
import { mondayOf, sydneyDate, weekdayShort } from './support/dates';
import { report } from './support/reports';

// docs/product/feedback-and-progress.md#client-progress on the client page, adherence at the top of the program view,
// the client named on the feedback history, and the feedback's "no photo or video" said once.

const browser = useBrowser();
const CHART = 'Exercises done, effort and pain each week';

interface Journey {
  client: TestClient;
  name: string;
  programId: number;
  programName: string;
  exerciseId: number;
}

// A program of two exercises every day from 20 days ago: A done 15, 8 and 1 days ago, B 8 and 1 days ago.
const REPORTS = [
  { exercise: 0, day: -15, effort: 7, pain: 2 },
  { exercise: 0, day: -8, effort: 6, pain: 7 },
  { exercise: 1, day: -8, effort: 5, pain: null },
  { exercise: 0, day: -1, effort: 4, pain: 8 },
  { exercise: 1, day: -1, effort: 3, pain: 2 },
];

/** Each week's row of the chart's table, worked out from the reports above as the API's rule says it. */
function expectedRows(): string[][] {
  const weeks = new Map<string, { due: number; done: number; efforts: number[]; pains: number[] }>();
  for (let day = -20; day <= -1; day += 1) {
    const week = mondayOf(sydneyDate(day));
    const row = weeks.get(week) ?? { due: 0, done: 0, efforts: [], pains: [] };
    row.due += 2;
    for (const r of REPORTS.filter((r) => r.day === day)) {
      row.done += 1;
      row.efforts.push(r.effort);
      if (r.pain !== null) row.pains.push(r.pain);
    }
    weeks.set(week, row);
  }
  const average = (values: number[]) =>
    values.length ? (values.reduce((a, b) => a + b, 0) / values.length).toFixed(1) : '--';
  return [...weeks].map(([week, row]) => [
    weekdayShort(week),
    `${row.done} of ${row.due}`,
    `${Math.round((row.done / row.due) * 100)}%`,
    average(row.efforts),
    average(row.pains),
    row.pains.length ? String(Math.max(...row.pains)) : '--',
  ]);
}

async function makeJourney(): Promise<Journey> {
  const therapist = await therapistToken();
  const stamp = Date.now();
  const client = await createActiveClient(therapist, `Progress${stamp}`);
  const program = await createProgram(therapist, client.id, {
    name: `Walking again ${stamp}`,
    start_date: sydneyDate(-20),
    end_date: sydneyDate(30),
    exercises: ['Sit to stand', 'Heel raises'],
  });
  for (const r of REPORTS) {
    await report(client, program.exercises[r.exercise]!.id, sydneyDate(r.day), r.effort, r.pain);
  }
  return {
    client,
    name: `${client.firstName} ${client.lastName}`,
    programId: program.id,
    programName: program.name,
    exerciseId: program.exercises[0]!.id,
  };
}

async function signedIn(viewport: { width: number; height: number }) {
  const context = await newContext(browser(), viewport);
  const page = await context.newPage();
  await logIn(page, demoLogin('therapist'));
  await page.waitForURL('**/clients');
  return { context, page };
}

/** The top of an element, in page pixels. */
async function topOf(page: Page, locator: ReturnType<Page['locator']>) {
  return (await locator.boundingBox())!.y;
}

/** The client page's chart: drawn, summed up in words, and the same numbers in its table. */
async function checkClientChart(page: Page, journey: Journey, shot: string) {
  await page.goto(`/client/${journey.client.id}`);
  const figure = page.getByRole('region', { name: CHART });
  await figure.waitFor();
  await expect
    .poll(() => figure.locator('.chart-frame canvas').count(), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await figure.locator('.chart-frame').getAttribute('aria-hidden')).toBe('true');
  const summary = await figure.innerText();
  expect(summary).toMatch(/Last 7 days: \d+% done\./);
  expect(summary).toMatch(/Average effort went from 7\.0 in the week of .+ to 3\.5 in the week of .+\./);
  expect(summary).toMatch(/Highest pain went from 2 in the week of .+ to 8 in the week of .+\./);
  expect(await figure.locator('.chart-legend').innerText()).toMatch(
    /Share done\s+Average effort\s+Highest pain/,
  );
  // Above the program cards.
  expect(await topOf(page, figure)).toBeLessThan(
    await topOf(page, page.getByRole('tab', { name: 'Active' })),
  );
  await screenshot(page, `${shot}-chart`, figure.getByRole('heading', { name: CHART }));

  await figure.getByRole('button', { name: 'Show as table' }).click();
  const table = figure.getByRole('table', {
    name: `Exercises done, effort and pain each week for ${journey.name}, oldest first`,
  });
  await table.waitFor();
  expect(await table.locator('thead th').allInnerTexts()).toEqual([
    'Week starting',
    'Done',
    'Share done',
    'Average effort',
    'Average pain',
    'Highest pain',
  ]);
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim())),
    );
  for (const row of expectedRows()) expect(rows).toContainEqual(row);
  await expectAccessible(page, 'client page with its chart and table');
  await screenshot(page, `${shot}-table`, table);
}

describe("the client's progress on the therapist's screens", () => {
  let journey: Journey;
  beforeAll(async () => {
    journey = await makeJourney();
  });

  it('charts the client on their page, with adherence on top of the program and the client on the history (phone)', async () => {
    const { context, page } = await signedIn(PHONE);
    await checkClientChart(page, journey, 'client-progress-phone');

    // A tap on the card opens the program; its adherence chart sits under the header, above the calendar and the day.
    await page.getByRole('article', { name: journey.programName }).click({ position: { x: 40, y: 100 } });
    await page.waitForURL(`**/program/${journey.programId}?date=${sydneyDate()}`);
    const adherence = page.getByRole('region', { name: 'Exercises done each week' });
    await adherence.waitFor();
    const calendar = page.getByRole('region', { name: 'Days completed' });
    expect(await topOf(page, adherence)).toBeLessThan(await topOf(page, calendar));
    expect(await topOf(page, calendar)).toBeLessThan(
      await topOf(page, page.getByRole('button', { name: 'Sit to stand', exact: true })),
    );
    expect(await topOf(page, adherence)).toBeLessThan(844);
    await screenshot(page, 'client-progress-program-phone', adherence);

    // Yesterday's feedback cards say once each that no photo or video came with it, in plain English.
    await page.goto(`/program/${journey.programId}?date=${sydneyDate(-1)}`);
    await expect
      .poll(
        () =>
          page
            .getByText('No photo or video was sent with this feedback.', { exact: true })
            .filter({ visible: true })
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    expect(await page.getByText('this exercises').count()).toBe(0);
    await expectAccessible(page, 'program view with adherence on top');

    // The effort and pain history names the client above the exercise, and links to their page.
    await page.getByRole('link', { name: 'View All Feedback' }).click();
    await page.waitForURL(`**/exercise/${journey.exerciseId}/feedback`);
    const clientLink = page.getByRole('link', { name: journey.name, exact: true });
    await clientLink.waitFor();
    expect(await clientLink.getAttribute('href')).toBe(`/client/${journey.client.id}`);
    const title = page.getByRole('heading', { level: 1, name: 'Sit to stand' });
    expect(await topOf(page, clientLink)).toBeLessThan(await topOf(page, title));
    // Three entries, none with a photo or video: said once, not under each.
    expect(await page.getByRole('article', { name: /^Feedback of / }).count()).toBe(3);
    expect(
      await page.getByText('No photo or video was sent with any of these entries.', { exact: true }).count(),
    ).toBe(1);
    expect(
      await page.getByText('No photo or video was sent with this feedback.', { exact: true }).count(),
    ).toBe(0);
    expect(await page.getByText('this exercises').count()).toBe(0);
    await expectAccessible(page, 'feedback history naming the client');
    await screenshot(page, 'client-progress-history-phone');
    await context.close();
  });

  it('shows the same at desktop size', async () => {
    const { context, page } = await signedIn(DESKTOP);
    await checkClientChart(page, journey, 'client-progress-desktop');
    await page.goto(`/program/${journey.programId}?date=${sydneyDate(-1)}`);
    const adherence = page.getByRole('region', { name: 'Exercises done each week' });
    await adherence.waitFor();
    await screenshot(page, 'client-progress-program-desktop');
    await expectAccessible(page, 'program view with adherence on top (desktop)');
    await page.goto(`/exercise/${journey.exerciseId}/feedback`);
    await page.getByRole('link', { name: journey.name, exact: true }).waitFor();
    await screenshot(page, 'client-progress-history-desktop');
    await context.close();
  });
});
