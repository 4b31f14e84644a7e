import type { BrowserContext, Page } from 'playwright-core';
import type { TAttentionList } from '@hep/shared/schemas/attention';
import { describe, expect, it } from 'vitest';
import {
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';
import {
  api,
  createActiveClient,
  createProgram,
  therapistToken,
  type TestClient,
} from './support/client-factory';
import { mediumDate, mondayOf, sydneyDate, weekdayShort } from './support/dates';
import { report } from './support/reports';

// docs/product/feedback-and-progress.md on the therapist's screens: Needs attention on /clients, effort and pain over
// time on the feedback history, weekly adherence bars on the program view; each chart with its summary in words and
// its table.

const browser = useBrowser();
const DESKTOP = { width: 1280, height: 800 };

/** The Needs attention section and one client's card in it. */
function section(page: Page) {
  return page.getByRole('region', { name: /^Needs attention/ });
}
function attentionCard(page: Page, name: string) {
  return section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Opens /clients and waits for Needs attention to list the client (showing all when the list is long). */
async function openClients(page: Page, name: string) {
  await page.goto('/clients');
  await expect
    .poll(() => section(page).getByRole('heading', { level: 2 }).innerText(), { timeout: 15_000 })
    .toMatch(/^Needs attention \(\d+\)$/);
  const showAll = section(page).getByRole('button', { name: /^Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  await expect.poll(() => attentionCard(page, name).count(), { timeout: 10_000 }).toBe(1);
}

/** The rows of a chart's table (after Show as table), each as its cells' texts. */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const figure = page.getByRole('region', {
    name: caption.startsWith('Effort') ? 'Effort and pain over time' : 'Exercises done each week',
  });
  const toggle = figure.getByRole('button', { name: 'Show as table' });
  if (await toggle.isVisible()) await toggle.click();
  const table = figure.getByRole('table', { name: caption });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

/** The chart's canvas drawn, and hidden from screen readers (its table and summary carry the facts). */
async function expectChartDrawn(page: Page, title: string) {
  const figure = page.getByRole('region', { name: title });
  await expect
    .poll(() => figure.locator('.chart-frame canvas').count(), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await figure.locator('.chart-frame').getAttribute('aria-hidden')).toBe('true');
  // Readable at the page's size: the canvas fills the card and no wider than the screen.
  const { canvas, card } = await figure.evaluate((el) => ({
    canvas: el.querySelector('.chart-frame canvas')!.getBoundingClientRect().width,
    card: el.getBoundingClientRect().width,
  }));
  expect(canvas).toBeGreaterThan(card * 0.75);
  expect(canvas).toBeLessThanOrEqual(card);
}

interface Journey {
  painful: TestClient;
  missing: TestClient;
  programId: number;
  exerciseId: number;
  exerciseName: string;
}

/** A client whose last report had pain 8, and one who missed the last 4 days of their program. */
async function makeClients(): Promise<Journey> {
  const therapist = await therapistToken();
  const stamp = Date.now();
  const painful = await createActiveClient(therapist, `Ache${stamp}`);
  const program = await createProgram(therapist, painful.id, {
    name: `Knee care ${stamp}`,
    start_date: sydneyDate(-20),
    end_date: sydneyDate(30),
    exercises: ['Sit to stand'],
  });
  const exercise = program.exercises[0]!;
  await report(painful, exercise.id, sydneyDate(-15), 7, 2);
  await report(painful, exercise.id, sydneyDate(-8), 6, 7);
  await report(painful, exercise.id, sydneyDate(-1), 4, 8);

  const missing = await createActiveClient(therapist, `Gap${stamp}`);
  const balance = await createProgram(therapist, missing.id, {
    name: `Balance ${stamp}`,
    start_date: sydneyDate(-5),
    end_date: sydneyDate(30),
    exercises: ['Side steps'],
  });
  await report(missing, balance.exercises[0]!.id, sydneyDate(-5), 5, null);
  return { painful, missing, programId: program.id, exerciseId: exercise.id, exerciseName: exercise.name };
}

const nameOf = (client: TestClient) => `${client.lastName}, ${client.firstName}`;

/** The history page: the chart, its summary and the table's numbers. */
async function checkFeedbackHistory(page: Page, journey: Journey, shot: string) {
  await page.goto(`/exercise/${journey.exerciseId}/feedback`);
  const figure = page.getByRole('region', { name: 'Effort and pain over time' });
  await figure.waitFor();
  expect(await figure.innerText()).toContain(
    'Effort went from 7 to 4 over 2 weeks. Pain went from 2 to 8 over 2 weeks.',
  );
  await expectChartDrawn(page, 'Effort and pain over time');
  expect(await figure.locator('.chart-legend').innerText()).toMatch(/Effort\s+Pain/);
  await screenshot(page, `${shot}-chart`, figure.getByRole('heading', { name: 'Effort and pain over time' }));
  const caption = `Effort and pain reported by ${journey.painful.firstName} ${journey.painful.lastName} for ${journey.exerciseName}, oldest first`;
  expect(await tableRows(page, caption)).toEqual([
    [mediumDate(sydneyDate(-15)), '7', '2'],
    [mediumDate(sydneyDate(-8)), '6', '7'],
    [mediumDate(sydneyDate(-1)), '4', '8'],
  ]);
  await expectAccessible(page, 'feedback history with its chart and table');
}

/** The program view: the weekly bars, their summary, and each week's done and due as the table says them. */
async function checkProgramAdherence(page: Page, journey: Journey, shot: string) {
  await page.goto(`/program/${journey.programId}`);
  const title = 'Exercises done each week';
  const figure = page.getByRole('region', { name: title });
  await figure.waitFor({ timeout: 15_000 });
  await expectChartDrawn(page, title);
  await screenshot(page, `${shot}-adherence`, figure.getByRole('heading', { name: title }));

  // One exercise every day from 20 days ago up to yesterday, done 15, 8 and 1 days ago.
  const expected = new Map<string, { due: number; done: number }>();
  for (let day = -20; day <= -1; day += 1) {
    const week = mondayOf(sydneyDate(day));
    const counts = expected.get(week) ?? { due: 0, done: 0 };
    counts.due += 1;
    if ([-15, -8, -1].includes(day)) counts.done += 1;
    expected.set(week, counts);
  }
  const rows = await tableRows(page, 'Exercises done each week, oldest first');
  for (const [week, { due, done }] of expected) {
    expect(rows, `the week of ${week}`).toContainEqual([
      weekdayShort(week),
      `${done} of ${due}`,
      `${Math.round((done / due) * 100)}%`,
    ]);
  }
  expect(await figure.innerText()).toMatch(/Last 7 days: \d+% done\./);
  await expectAccessible(page, 'program view with its adherence chart and table');
}

async function signedIn(viewport: { width: number; height: number }): Promise<[BrowserContext, Page]> {
  const context = await newContext(browser(), viewport);
  const page = await context.newPage();
  await logIn(page, demoLogin('therapist'));
  await page.waitForURL('**/clients');
  return [context, page];
}

describe('needs attention and the adherence charts', () => {
  it('shows who needs attention, opens the day, marks it reviewed, and charts effort, pain and adherence', async () => {
    const journey = await makeClients();
    const painText = `Pain 8 of 10 on Sit to stand (${weekdayShort(sydneyDate(-1))})`;

    // The server lists both, each with its reason.
    const listed = await api<TAttentionList>(await therapistToken(), '/attention/');
    expect(listed.status).toBe(200);
    const painItem = listed.body.find((item) => item.client_id === journey.painful.id);
    expect(painItem?.reasons.map((r) => r.code)).toContain('pain');

    // Phone: the section above the list, the reason in words, its link to the day.
    const [phone, page] = await signedIn(PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await openClients(page, nameOf(journey.painful));
    const painCard = attentionCard(page, nameOf(journey.painful));
    await expect.poll(() => painCard.getByRole('link', { name: painText }).isVisible()).toBe(true);
    const missingCard = attentionCard(page, nameOf(journey.missing));
    await expect.poll(() => missingCard.count()).toBe(1);
    expect(await missingCard.innerText()).toContain('Missed the last 4 exercise days');
    // Above the clients list, which is still there.
    const sectionBox = await section(page).boundingBox();
    const searchBox = await page.getByRole('search', { name: 'Search clients' }).boundingBox();
    expect(sectionBox!.y).toBeLessThan(searchBox!.y);
    await expectAccessible(page, 'clients with needs attention');
    await screenshot(page, 'attention-clients-phone', section(page).getByRole('heading', { level: 2 }));

    // uPlot comes with the first chart (the program view's), never with /clients.
    expect(scripts.filter((url) => /uplot/i.test(url))).toEqual([]);
    await painCard.getByRole('link', { name: painText }).click();
    await page.waitForURL(`**/program/${journey.programId}?date=${sydneyDate(-1)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('Knee care');
    await expect.poll(() => scripts.filter((url) => /uplot/i.test(url)).length, { timeout: 10_000 }).toBe(1);
    await page.goBack();
    await page.waitForURL('**/clients');
    await expect
      .poll(() => attentionCard(page, nameOf(journey.painful)).count(), { timeout: 10_000 })
      .toBe(1);

    // Mark reviewed: the client leaves the list, the focus stays in the section, and it stays gone on a new visit.
    await attentionCard(page, nameOf(journey.painful))
      .getByRole('button', { name: `Mark reviewed for ${nameOf(journey.painful)}` })
      .click();
    await expect.poll(() => page.getByText(painText).count(), { timeout: 10_000 }).toBe(0);
    expect(
      await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby')),
    ).toBe('attention-heading');
    // A fresh load of the page (openClients navigates) asks the server again.
    await openClients(page, nameOf(journey.missing));
    expect(await page.getByText(painText).count()).toBe(0);

    await checkFeedbackHistory(page, journey, 'attention-history-phone');
    await checkProgramAdherence(page, journey, 'attention-program-phone');
    await phone.close();

    // Desktop: the same screens at 1280 wide.
    const [desk, deskPage] = await signedIn(DESKTOP);
    await openClients(deskPage, nameOf(journey.missing));
    expect(await deskPage.getByText(painText).count()).toBe(0);
    await expectAccessible(deskPage, 'clients with needs attention (desktop)');
    await screenshot(deskPage, 'attention-clients-desktop');
    // The client page's program card says the same last-7-days rate in words.
    await deskPage.goto(`/client/${journey.painful.id}`);
    const card = deskPage.getByRole('article', { name: /^Knee care/ });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/Last 7 days\s*\d+% done/);
    await screenshot(deskPage, 'attention-client-card-desktop');
    await checkFeedbackHistory(deskPage, journey, 'attention-history-desktop');
    await checkProgramAdherence(deskPage, journey, 'attention-program-desktop');
    await desk.close();
  });
});
