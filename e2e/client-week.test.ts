import { format, parseISO } from 'date-fns';
import type { Page } from 'playwright-core';
import {
  addDays,
  datesBetween,
  DAY_STATUS_LABELS,
  type TDayStatus,
  weekStart,
} from '@hep/shared/domain/day-status';
import type { TProgram } from '@hep/shared/schemas/programs';
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
import {
  api,
  createActiveClient,
  createProgram,
  giveFeedback,
  therapistToken,
  type TestClient,
} from './support/client-factory';
import { sydneyDate } from './support/dates';

const browser = useBrowser();
/** Answers that go through the server (and the service worker) may take a few seconds on a busy machine. */
const SOON = { timeout: 10_000 };
const PROGRAM_NAME = 'Daily balance';

const weekDate = (date: string) => format(parseISO(date), 'd MMM yyyy');
const dayHeading = (date: string) => format(parseISO(date), 'EEEE d MMMM');

function weekLine(date: string): string {
  const start = weekStart(date);
  return `Showing week: ${weekDate(start)} - ${weekDate(addDays(start, 6))}`;
}

/** A day of the list: its region, named by its heading. */
function day(page: Page, date: string) {
  return page.getByRole('region', { name: dayHeading(date) });
}

function card(page: Page, date: string, name = PROGRAM_NAME) {
  return day(page, date).getByRole('listitem').filter({ hasText: name });
}

async function expectWeekLine(page: Page, date: string) {
  await expect.poll(() => page.getByText(weekLine(date), { exact: true }).isVisible(), SOON).toBe(true);
}

/** No horizontal scrolling, and the client's text at 18 px. */
async function expectPhoneFit(page: Page) {
  const fit = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    fontSize: getComputedStyle(document.querySelector('.week-card p')!).fontSize,
  }));
  expect(fit.overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
  expect(fit.fontSize).toBe('18px');
}

describe('the weekly programs list', () => {
  let therapist = '';
  let client: TestClient;
  let program: TProgram;
  let today = '';
  let start = '';

  /** What the server should say for a day: the feedback below makes yesterday completed, the day before half done. */
  function expectedStatus(date: string): TDayStatus | null {
    if (date < start) return null;
    if (date === addDays(today, -1)) return 'completed';
    if (date === addDays(today, -2)) return 'in-progress';
    return date < today ? 'missed' : 'pending';
  }

  /** Each day of the week of `date`: the program's card with its status, and the client's button when due. */
  async function expectClientWeek(page: Page, date: string) {
    await expectWeekLine(page, date);
    for (const d of datesBetween(weekStart(date), addDays(weekStart(date), 6))) {
      const status = expectedStatus(d);
      const cards = card(page, d);
      await expect.poll(() => day(page, d).isVisible(), SOON).toBe(true);
      expect(await day(page, d).getAttribute('aria-current'), d).toBe(d === today ? 'date' : null);
      if (status === null) {
        expect(await cards.count(), `${d}: before the program starts`).toBe(0);
        continue;
      }
      expect(await cards.count(), d).toBe(1);
      expect(await cards.locator('.day-status').textContent(), d).toBe(
        `Status: ${DAY_STATUS_LABELS[status]}`,
      );
      expect(await cards.getByText(`With ${program.therapist_name}`).isVisible()).toBe(true);
      const doIt = cards.getByRole('link', { name: `Do it: ${PROGRAM_NAME}, ${dayHeading(d)}` });
      const resume = cards.getByRole('link', { name: `Continue: ${PROGRAM_NAME}, ${dayHeading(d)}` });
      const due = d <= today;
      expect(await doIt.count(), `${d} do it`).toBe(
        due && (status === 'pending' || status === 'missed') ? 1 : 0,
      );
      expect(await resume.count(), `${d} continue`).toBe(due && status === 'in-progress' ? 1 : 0);
      if (due && status !== 'completed') {
        const link = status === 'in-progress' ? resume : doIt;
        expect(await link.getAttribute('href')).toBe(`/program/${program.id}/session?date=${d}`);
      }
    }
    // Drafts and programs outside the week never show.
    expect(await page.getByText('Hidden draft').count()).toBe(0);
    expect(await page.getByText('Finished last year').count()).toBe(0);
  }

  beforeAll(async () => {
    therapist = await therapistToken();
    // The browser contexts run in Sydney and the test clients' zone is set there: one "today" for all.
    today = sydneyDate();
    start = addDays(today, -7);
    client = await createActiveClient(therapist, `Weekly${Date.now()}`);
    program = await createProgram(therapist, client.id, {
      name: PROGRAM_NAME,
      start_date: start,
      end_date: addDays(today, 30),
      exercises: ['Heel raises', 'Side steps'],
    });
    await createProgram(therapist, client.id, {
      name: 'Finished last year',
      start_date: addDays(today, -400),
      end_date: addDays(today, -370),
      exercises: ['Wall push'],
    });
    const draft = await api(therapist, '/programs/', {
      method: 'POST',
      body: {
        client_id: client.id,
        name: 'Hidden draft',
        start_date: start,
        end_date: addDays(today, 30),
        is_draft: true,
        days_of_week: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
        exercises: [{ name: 'Sit to stand', instructions: 'Five times.' }],
      },
    });
    expect(draft.status).toBe(201);
    const [heel, side] = program.exercises as [TProgram['exercises'][0], TProgram['exercises'][0]];
    await giveFeedback(client, heel.id, addDays(today, -1));
    await giveFeedback(client, side.id, addDays(today, -1));
    await giveFeedback(client, heel.id, addDays(today, -2));
  });

  it('shows a client the week with a status per day, today highlighted, and a button for days to do', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/programs')) requests.push(`${url.pathname}${url.search}`);
    });
    await logIn(page, client);
    await page.waitForURL('**/programs');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Programs' }).isVisible(), SOON)
      .toBe(true);
    // This journey is about the list: the notification prompt is put off (notifications.test.ts covers it).
    const later = page.getByRole('button', { name: 'Maybe Later' });
    await expect.poll(() => later.isVisible(), SOON).toBe(true);
    await later.click();

    await expectClientWeek(page, today);
    // The week takes two calls, whatever the number of programs.
    const weekStartDate = weekStart(today);
    const range = `start_date=${weekStartDate}&end_date=${addDays(weekStartDate, 6)}`;
    expect(requests.filter((r) => r.includes(range)).sort()).toEqual(
      [`/api/programs/?${range}`, `/api/programs/status/?${range}`].sort(),
    );
    expect(await page.locator('[aria-current="date"]').count()).toBe(1);
    await expectPhoneFit(page);
    await expectAccessible(page, 'client week (phone)');
    await screenshot(page, 'week-client-phone');

    // Today's button opens today's session (docs/product/session.md#today).
    await card(page, today)
      .getByRole('link', { name: /^Do it/ })
      .click();
    await page.waitForURL(`**/program/${program.id}/session?date=${today}`);
    await expect
      .poll(() => page.getByRole('link', { name: 'See all exercises' }).isVisible(), SOON)
      .toBe(true);
    await page.goBack();
    await expectWeekLine(page, today);

    // The filter shows the week of the chosen date: the week before holds the program's first days.
    await page.getByRole('button', { name: 'Filter' }).click();
    const dateInput = page.getByLabel('Show the week of');
    expect(await dateInput.getAttribute('min')).toBe('2020-01-01');
    await dateInput.fill(addDays(today, -7));
    await expectClientWeek(page, addDays(today, -7));
    expect(new URL(page.url()).searchParams.get('date')).toBe(addDays(today, -7));

    // A date outside the range is refused with the range in words; the week stays.
    await dateInput.fill('2019-06-30');
    await expect
      .poll(() =>
        page
          .getByText(/^Choose a date from 1 Jan 2020 to /)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await dateInput.getAttribute('aria-invalid')).toBe('true');
    await expectWeekLine(page, addDays(today, -7));

    // Next week and This week move by a week; the page opens on this week.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expectClientWeek(page, today);
    await page.getByRole('button', { name: 'Next week' }).click();
    await expectWeekLine(page, addDays(today, 7));
    await page.getByRole('button', { name: 'This week' }).click();
    await expectWeekLine(page, today);

    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'client week (desktop)');
    await screenshot(page, 'week-client-desktop');
    await context.close();
  });

  it('shows the care team client and therapist names, and no button to do a day', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto('/programs');
    // The demo therapist's care team also holds other journeys' clients: pick this client's card.
    const ours = card(page, today).filter({ hasText: program.client_name });
    await expect.poll(() => ours.isVisible(), SOON).toBe(true);
    expect(await ours.locator('dt').allTextContents()).toEqual(['Client', 'Therapist']);
    expect(await ours.locator('dd').allTextContents()).toEqual([program.client_name, program.therapist_name]);
    expect(await ours.locator('.day-status').textContent()).toBe('Status: Pending');
    expect(
      await ours.getByRole('link', { name: `${PROGRAM_NAME}, ${dayHeading(today)}` }).getAttribute('href'),
    ).toBe(`/program/${program.id}?date=${today}`);
    expect(await page.getByRole('link', { name: /^(Do it|Continue)/ }).count()).toBe(0);
    // Today is highlighted for clients only; drafts never show, not even to the care team.
    expect(await page.locator('[aria-current="date"]').count()).toBe(0);
    expect(await page.getByText('Hidden draft').count()).toBe(0);
    await expectAccessible(page, 'therapist week');
    await screenshot(page, 'week-therapist-desktop');
    await context.close();
  });

  it('says so when a client has no programs that week, and while loading or failing', async () => {
    const newcomer = await createActiveClient(therapist, `Empty${Date.now()}`);
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    // Answers are held back a moment so that the loading text can be seen.
    await page.route('**/api/programs/status/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await logIn(page, newcomer);
    await page.waitForURL('**/programs');
    await expect.poll(() => page.getByText('Loading...', { exact: true }).isVisible(), SOON).toBe(true);
    await expect.poll(() => page.getByText('You have no active programs.').isVisible(), SOON).toBe(true);
    expect(
      await page
        .getByText('Connect with your clinician to get a personalised program and unlock your potential!')
        .isVisible(),
    ).toBe(true);
    await expectAccessible(page, 'empty week');
    await screenshot(page, 'week-empty-phone');

    // The network drops: the list says it could not load.
    await page.unrouteAll();
    await page.route('**/api/programs/status/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect
      .poll(() => page.getByText('Error fetching data. Please try again later.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await context.close();
  });
});
