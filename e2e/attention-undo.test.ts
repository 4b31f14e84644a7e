import type { BrowserContext, Page } from 'playwright-core';
import type { TAttentionList } from '@hep/shared/schemas/attention';
import { describe, expect, it } from 'vitest';
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
import {
  api,
  createActiveClient,
  createProgram,
  therapistToken,
  type TestClient,
} from './support/client-factory';
import { sydneyDate } from './support/dates';

// docs/product/feedback-and-progress.md#needs-attention: Mark reviewed leaves Undo in the client's place for
// 8 seconds (held while the pointer is over it or the keyboard focus is on it). The page's clock is Playwright's, so
// that the window is measured without waiting it out.

const browser = useBrowser();

/** A client whose report yesterday had pain 8: listed for pain. */
async function painfulClient(therapist: string): Promise<TestClient> {
  const client = await createActiveClient(therapist, `Undo${Date.now()}`);
  const program = await createProgram(therapist, client.id, {
    name: `Undo care ${client.id}`,
    start_date: sydneyDate(-3),
    end_date: sydneyDate(30),
    exercises: ['Sit to stand'],
  });
  const form = new FormData();
  form.set('exercise', String(program.exercises[0]!.id));
  form.set('date_completed', sydneyDate(-1));
  form.set('effort_rating', '4');
  form.set('pain', '8');
  expect((await api(client.token, '/feedback/', { method: 'POST', body: form })).status).toBe(201);
  return client;
}

const nameOf = (client: TestClient) => `${client.lastName}, ${client.firstName}`;
const section = (page: Page) => page.getByRole('region', { name: /^Needs attention/ });
const listedCard = (page: Page, name: string) =>
  section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const reviewedCard = (page: Page, name: string) =>
  section(page)
    .getByRole('listitem')
    .filter({ hasText: `${name}: marked as reviewed.` });
const undoButton = (page: Page, name: string) =>
  section(page).getByRole('button', { name: `Undo for ${name}`, exact: true });
const reviewButton = (page: Page, name: string) =>
  section(page).getByRole('button', { name: `Mark reviewed for ${name}`, exact: true });
const liveText = (page: Page) => section(page).locator('[aria-live="polite"]').innerText();
/** The focused element's visible words (the screen-reader-only ones left out), and whether it shows its focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return '';
    const words = [...el.childNodes]
      .filter((node) => !(node instanceof HTMLElement && node.classList.contains('visually-hidden')))
      .map((node) => node.textContent)
      .join('')
      .trim();
    return `${words}${el.matches(':focus-visible') ? ' (focus-visible)' : ''}`;
  });

async function listed(therapist: string, client: TestClient): Promise<boolean> {
  const answer = await api<TAttentionList>(therapist, '/attention/');
  return answer.body.some((item) => item.client_id === client.id);
}

/** Needs attention has the server's answer (its heading counts the clients). */
async function listLoaded(page: Page) {
  await expect
    .poll(() => section(page).getByRole('heading', { level: 2 }).innerText(), { timeout: 15_000 })
    .toMatch(/^Needs attention \(\d+\)$/);
}

async function openClients(viewport: typeof PHONE, client: TestClient): Promise<[BrowserContext, Page]> {
  const context = await newContext(browser(), viewport);
  await context.clock.install({ time: new Date() });
  const page = await context.newPage();
  await logIn(page, demoLogin('therapist'));
  await page.waitForURL('**/clients');
  await listLoaded(page);
  const showAll = section(page).getByRole('button', { name: /^Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  await expect.poll(() => listedCard(page, nameOf(client)).count(), { timeout: 15_000 }).toBe(1);
  return [context, page];
}

describe('Mark reviewed, then Undo', () => {
  it('offers Undo by keyboard, held while focused, and brings the client back (phone)', async () => {
    const therapist = await therapistToken();
    const client = await painfulClient(therapist);
    const name = nameOf(client);
    const [context, page] = await openClients(PHONE, client);

    await reviewButton(page, name).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => reviewedCard(page, name).count(), { timeout: 10_000 }).toBe(1);
    expect(await listedCard(page, name).count()).toBe(0);
    // The focus moved from Mark reviewed to Undo, and a screen reader hears what happened.
    await expect.poll(() => focused(page)).toBe('Undo (focus-visible)');
    expect(await undoButton(page, name).evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => liveText(page))
      .toBe(`${name} marked as reviewed. Undo is there for a few seconds.`);
    expect(await listed(therapist, client)).toBe(false);
    await expectAccessible(page, 'a client just marked reviewed (phone)');
    await screenshot(page, 'attention-undo-phone', reviewedCard(page, name));

    // Held while the keyboard focus is on it, however long the reader takes.
    await page.clock.fastForward(30_000);
    expect(await reviewedCard(page, name).count()).toBe(1);

    await page.keyboard.press('Enter');
    await expect.poll(() => listedCard(page, name).count(), { timeout: 10_000 }).toBe(1);
    expect(await reviewedCard(page, name).count()).toBe(0);
    expect(
      await listedCard(page, name)
        .getByRole('link', { name: /^Pain 8 of 10/ })
        .count(),
    ).toBe(1);
    await expect.poll(() => focused(page)).toBe('Mark reviewed (focus-visible)');
    expect(await reviewButton(page, name).evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => liveText(page)).toBe(`${name} is back in the list.`);
    expect(await listed(therapist, client)).toBe(true);
    await context.close();
  });

  it('takes the client away once the 8 seconds pass without Undo, held while the pointer is over it (desktop)', async () => {
    const therapist = await therapistToken();
    const client = await painfulClient(therapist);
    const name = nameOf(client);
    const [context, page] = await openClients(DESKTOP, client);

    await reviewButton(page, name).click();
    await expect.poll(() => reviewedCard(page, name).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'a client just marked reviewed (desktop)');
    await screenshot(page, 'attention-undo-desktop', reviewedCard(page, name));

    // Held while the pointer is over it.
    await reviewedCard(page, name).hover();
    await page.clock.fastForward(30_000);
    expect(await reviewedCard(page, name).count()).toBe(1);

    // Then 8 seconds from when the pointer leaves: still there after 7, gone after 8.
    await page.mouse.move(0, 0);
    await page.clock.fastForward(7_000);
    expect(await reviewedCard(page, name).count()).toBe(1);
    await page.clock.fastForward(1_500);
    await expect.poll(() => reviewedCard(page, name).count()).toBe(0);
    expect(await listedCard(page, name).count()).toBe(0);
    // The focus that was on Undo stays in the section.
    expect(
      await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby')),
    ).toBe('attention-heading');

    // The review stands: a new visit does not list the client.
    expect(await listed(therapist, client)).toBe(false);
    await page.reload();
    await listLoaded(page);
    const showAll = section(page).getByRole('button', { name: /^Show all/ });
    if (await showAll.isVisible()) await showAll.click();
    expect(await listedCard(page, name).count()).toBe(0);
    expect(await reviewedCard(page, name).count()).toBe(0);
    await context.close();
  });
});
