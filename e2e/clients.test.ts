import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { nextAddress } from './support/addresses';

const browser = useBrowser();

/** The rows of the clients list, as their visible names. */
function clientRows(page: Page) {
  return page.getByRole('list', { name: 'Clients' }).getByRole('link');
}

async function rowNames(page: Page): Promise<string[]> {
  const texts = await clientRows(page).allInnerTexts();
  return texts.map((text) => text.split('\n')[0]!.trim());
}

/** The program cards in the visible tab panel, by name. */
async function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('tabpanel').getByRole('heading', { level: 2 }).allInnerTexts();
}

/** Gives an email check that must not run the time it would need to show its answer. */
async function settle(page: Page) {
  await page.waitForTimeout(300);
}

/** A local calendar date as yyyy-MM-dd, `days` after today. */
function isoDate(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Signs the demo therapist in through the API (as an API client would) and adds a program for a client. */
async function createProgramThroughApi(clientId: number, name: string) {
  const baseUrl = inject('baseUrl');
  const login = await fetch(`${baseUrl}/api/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify({ email: demoLogin('therapist').email, password: demoLogin('therapist').password }),
  });
  expect(login.status).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const created = await fetch(`${baseUrl}/api/programs/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify({
      client_id: clientId,
      name,
      start_date: isoDate(),
      end_date: isoDate(56),
      is_draft: false,
      days_of_week: ['MON', 'WED', 'FRI'],
      exercises: [{ name: 'Sit to stand', instructions: 'Stand up slowly, 10 times.' }],
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
}

/**
 * Adds clients of the demo therapist (last name Zulu, first names Page 01, Page 02, ...) until the clinic has more
 * than `atLeast`, through the API as the Create Client page does; a 429 from the per-address limit on account
 * writes waits its Retry-After. Zulu sorts after every other client, so the first page of the list keeps its rows.
 * Answers the first names added.
 */
async function addPagingClients(atLeast: number): Promise<string[]> {
  const token = await therapistToken();
  const first = await api<{ count: number }>(token, '/users/clients/?page=1');
  expect(first.status).toBe(200);
  const names: string[] = [];
  const stamp = Date.now();
  for (let n = 1; first.body.count + names.length <= atLeast; n += 1) {
    const firstName = `Page ${String(n).padStart(2, '0')}`;
    for (;;) {
      const added = await api<{ error?: string }>(token, '/users/add/', {
        method: 'POST',
        body: {
          first_name: firstName,
          last_name: 'Zulu',
          date_of_birth: '1990-01-15',
          email: `zulu.${stamp}.${n}@paging.e2e.test`,
          mobile: '0400 000 000',
          condition: 'Stroke',
        },
      });
      if (added.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        continue;
      }
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      break;
    }
    names.push(firstName);
  }
  return names;
}

describe('clients', () => {
  it('lets a therapist add, find, open and edit a client, and work with the client programs', async () => {
    const context = await newContext(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Clients' }).isVisible()).toBe(true);
    await expect.poll(() => rowNames(page)).toContain('Walker, Chris');
    const before = await rowNames(page);
    expect(before).toEqual([...before].sort((a, b) => a.localeCompare(b)));
    expect(await clientRows(page).filter({ hasText: 'Walker, Chris' }).innerText()).toContain('14/03/1958');
    await expectAccessible(page, 'clients');
    await screenshot(page, 'clients-phone');

    // Create Client: every field is required.
    await page.getByRole('link', { name: 'Add Client' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Create Client' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Activate Client' }).click();
    await expect.poll(() => page.getByText('This field is required.').count()).toBe(6);

    // An address that is already registered is caught on leaving the field, and blocks the submit.
    await page.getByLabel('First Name').fill('Jamie');
    await page.getByLabel('Last Name').fill('Lee');
    await page.getByLabel('Date of Birth').fill('1980-05-06');
    await page.getByLabel('Email', { exact: true }).fill('CLIENT2@demo.clinic');
    await page.getByLabel('Mobile').focus();
    await expect.poll(() => page.getByText('This email is already registered.').isVisible()).toBe(true);
    await page.getByLabel('Mobile').fill('0411 222 333');
    await page.getByLabel('Condition').selectOption('Stroke');
    await page.getByRole('button', { name: 'Activate Client' }).click();
    await expect
      .poll(() => page.getByText('Please fix the email error before submitting.').isVisible())
      .toBe(true);
    await expectAccessible(page, 'create client');
    await screenshot(page, 'create-client-phone');

    const email = `jamie.lee.${Date.now()}@e2e.test`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    await expect.poll(() => page.getByText('This email is already registered.').count()).toBe(0);
    await page.getByRole('button', { name: 'Activate Client' }).click();
    await page.waitForURL('**/clients');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Client created successfully!' }).count())
      .toBe(1);
    await expect.poll(() => rowNames(page)).toContain('Lee, Jamie');
    expect(await clientRows(page).filter({ hasText: 'Lee, Jamie' }).innerText()).toContain('06/05/1980');
    await screenshot(page, 'clients-created-phone');

    // Search by first name (any part, any case), then by date of birth (a date, not text).
    await page.getByLabel('Search by').selectOption({ label: 'First Name' });
    await page.getByLabel('Search', { exact: true }).fill('JAM');
    await expect.poll(() => rowNames(page)).toEqual(['Lee, Jamie']);
    await page.getByLabel('Search by').selectOption({ label: 'Date of Birth' });
    expect(await page.getByLabel('Search', { exact: true }).getAttribute('type')).toBe('date');
    await page.getByLabel('Search', { exact: true }).fill('1958-03-14');
    await expect.poll(() => rowNames(page)).toEqual(['Walker, Chris']);
    await page.getByLabel('Search', { exact: true }).fill('1958-03-15');
    await expect.poll(() => page.getByText('No clients found.').isVisible()).toBe(true);
    await page.getByLabel('Search', { exact: true }).fill('1980-05-06');
    await expectAccessible(page, 'clients search');

    // The new client's page: no programs yet.
    await clientRows(page).filter({ hasText: 'Lee, Jamie' }).click();
    await page.waitForURL(/\/client\/\d+$/);
    const clientId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Lee, Jamie' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: '+ Add Program' }).getAttribute('href')).toBe(
      `/program/add/${clientId}`,
    );
    await expect
      .poll(() => page.getByRole('tabpanel').getByText('No programs found in this category.').isVisible())
      .toBe(true);

    // Edit: the details load; leaving with changes asks once; saving returns to the client's page.
    await page.getByRole('link', { name: 'View/Edit Client Details' }).click();
    await page.waitForURL(`**/client/edit/${clientId}`);
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel('Condition').inputValue()).toBe('Stroke');
    await page.getByLabel('Last Name').fill('Lee-Smith');
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Stay on Page' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Lee-Smith');
    // The client's own address is not "already registered".
    await page.getByLabel('Email', { exact: true }).focus();
    await page.getByLabel('Mobile').focus();
    await page.getByRole('switch', { name: 'Receives Email' }).check();
    await settle(page);
    expect(await page.getByText('This email is already registered.').count()).toBe(0);
    await expectAccessible(page, 'edit client');
    await screenshot(page, 'edit-client-phone');
    await page.getByRole('button', { name: 'Update Client' }).click();
    await expect.poll(() => page.getByText('Client updated successfully!').isVisible()).toBe(true);
    await page.waitForURL(`**/client/${clientId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Lee-Smith, Jamie' }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'View/Edit Client Details' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Receives Email' }).isChecked()).toBe(true);
    await page.goBack();

    // A program for the new client (added through the API), then deleted from its card's menu.
    const programName = `Morning routine ${Date.now()}`;
    await createProgramThroughApi(clientId, programName);
    await page.reload();
    await expect.poll(() => cardNames(page)).toEqual([programName]);
    await page.getByRole('button', { name: `Program actions for ${programName}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Program' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain(
      `Are you sure you want to delete ${programName}? This action will also delete the exercises and feedback in the program, and cannot be undone.`,
    );
    await expectAccessible(page, 'delete program dialog');
    await screenshot(page, 'client-delete-program-phone');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByRole('tabpanel').getByText('No programs found in this category.').isVisible())
      .toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('tabpanel').getByText('No programs found in this category.').isVisible())
      .toBe(true);

    // The demo client's programs (demo seed): Active and Past tabs, the Past filters, and the summary.
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await clientRows(page).filter({ hasText: 'Walker, Chris' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Walker, Chris' }).isVisible())
      .toBe(true);
    await expect.poll(() => cardNames(page)).toContain('Balance and leg strength');
    const active = await cardNames(page);
    expect(active).toContain('Arm and hand strength');
    expect(active).not.toContain('Early walking program');
    const draftCard = page.getByRole('article', { name: 'Arm and hand strength' });
    expect(await draftCard.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    const activeCard = page.getByRole('article', { name: 'Balance and leg strength' });
    expect(await activeCard.getByText('Draft', { exact: true }).count()).toBe(0);
    expect(await activeCard.innerText()).toMatch(/Last completed:?\s*\d{2}\/\d{2}\/\d{4}/);
    expect(await activeCard.innerText()).toContain('Physiotherapist');
    await expectAccessible(page, 'client page');
    await screenshot(page, 'client-active-phone');

    await page.getByRole('tab', { name: 'Past' }).click();
    await expect.poll(() => cardNames(page)).toContain('Early walking program');
    const past = await cardNames(page);
    expect(past.some((name) => active.includes(name))).toBe(false);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await page.getByLabel('Keyword').fill('no program is called this');
    await expect
      .poll(() => page.getByRole('tabpanel').getByText('No programs found in this category.').isVisible())
      .toBe(true);
    await page.getByLabel('Keyword').fill('WALKING');
    await expect.poll(() => cardNames(page)).toContain('Early walking program');
    await page.getByLabel('Discipline').selectOption('Physiotherapist');
    await expect.poll(() => cardNames(page)).toContain('Early walking program');
    // The program started about two months ago: not in the month six months away.
    const otherMonth = ((new Date().getMonth() + 6) % 12) + 1;
    await page.getByLabel('Month', { exact: true }).selectOption(String(otherMonth));
    await expect
      .poll(() => page.getByRole('tabpanel').getByText('No programs found in this category.').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    expect(await page.getByLabel('Keyword').inputValue()).toBe('');
    expect(await page.getByLabel('Month', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => cardNames(page)).toEqual(past);
    await expectAccessible(page, 'past tab with filters');
    await screenshot(page, 'client-past-filters-phone');

    // View Summary of the active program, and copy it.
    await page.getByRole('tab', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Program actions for Balance and leg strength' }).click();
    // Every item sits above the fixed bottom bar, even for the last card on a phone.
    const barTop = await page.locator('.bottom-bar').evaluate((el) => el.getBoundingClientRect().top);
    await expect
      .poll(async () => (await page.getByRole('button', { name: 'Delete' }).boundingBox())?.y ?? Infinity)
      .toBeLessThan(barTop - 44);
    await expectAccessible(page, 'program menu');
    await screenshot(page, 'client-program-menu-phone');
    await page.getByRole('button', { name: 'View Summary' }).click();
    const summary = page.getByRole('dialog', { name: 'Program Summary' });
    await expect.poll(() => summary.isVisible()).toBe(true);
    const text = await summary.getByTestId('program-summary-text').innerText();
    expect(text.startsWith('Balance and leg strength\n')).toBe(true);
    // The demo's dosage, in words under each name (docs/product/programs-and-exercises.md#dosage).
    expect(text).toContain(
      '\n1. Sit to stand\n2 sets of 10 · rest 1 minute between sets\nSit on a firm chair',
    );
    expect(text).toContain('\n2. Heel raises\n');
    expect(text).toContain('\n3. Standing balance\n');
    await summary.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect.poll(() => summary.getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await expectAccessible(page, 'program summary');
    await screenshot(page, 'client-program-summary-phone');
    // "Copied!" goes back to the button's name after 2 seconds.
    await expect
      .poll(() => summary.getByRole('button', { name: 'Copy to Clipboard' }).isVisible(), { timeout: 4000 })
      .toBe(true);
    await summary.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => summary.isVisible()).toBe(false);

    // View opens the program for today in the browser's zone (Sydney), whatever the runner's clock says.
    await page.getByRole('button', { name: 'Program actions for Balance and leg strength' }).click();
    await page.getByRole('link', { name: 'View', exact: true }).click();
    await page.waitForURL(
      (url) => /^\/program\/\d+$/.test(url.pathname) && url.searchParams.get('date') === sydneyDate(),
    );
    await context.close();
  });

  it('shows the client pages at desktop size', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await expect.poll(() => rowNames(page)).toContain('Walker, Chris');
    await expectAccessible(page, 'clients desktop');
    await screenshot(page, 'clients-desktop');

    await page.getByRole('link', { name: 'Add Client' }).click();
    await page.getByRole('button', { name: 'Activate Client' }).click();
    await expect.poll(() => page.getByText('This field is required.').count()).toBe(6);
    await expectAccessible(page, 'create client desktop');
    await screenshot(page, 'create-client-desktop');
    await page.getByRole('link', { name: 'Back to Clients' }).click();

    await clientRows(page).filter({ hasText: 'Walker, Chris' }).click();
    await expect.poll(() => cardNames(page)).toContain('Balance and leg strength');
    await expectAccessible(page, 'client page desktop');
    await screenshot(page, 'client-active-desktop');
    await page.getByRole('tab', { name: 'Past' }).click();
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await expectAccessible(page, 'past tab desktop');
    await screenshot(page, 'client-past-filters-desktop');

    await page.getByRole('link', { name: 'View/Edit Client Details' }).click();
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Chris');
    await expectAccessible(page, 'edit client desktop');
    await screenshot(page, 'edit-client-desktop');
    await context.close();
  });

  it('loads the next 50 clients as one scrolls, and searches the clients not loaded yet', async () => {
    const added = await addPagingClients(55);
    const last = `Zulu, ${added.at(-1)!}`;
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await expect.poll(() => clientRows(page).count()).toBe(50);
    expect(await rowNames(page)).not.toContain(last);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    expect(await loadMore.isVisible()).toBe(true);

    // Scrolling to the end of the list loads the next page by itself.
    await page.mouse.move(195, 400);
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => clientRows(page).count()).toBeGreaterThan(50);
    await expect.poll(() => rowNames(page)).toContain(last);
    const names = await rowNames(page);
    expect(new Set(names).size).toBe(names.length);
    expect(await loadMore.count()).toBe(0);
    await expectAccessible(page, 'clients second page');
    await screenshot(page, 'clients-scrolled-phone', clientRows(page).last());

    // A search goes to the server: it finds a client who is not on the first page of a fresh list.
    await page.reload();
    await expect.poll(() => clientRows(page).count()).toBe(50);
    await page.getByLabel('Search by').selectOption({ label: 'First Name' });
    await page.getByLabel('Search', { exact: true }).fill(added.at(-1)!.toLowerCase());
    await expect.poll(() => rowNames(page)).toEqual([last]);
    await page.getByLabel('Search by').selectOption({ label: 'Date of Birth' });
    await page.getByLabel('Search', { exact: true }).fill('1990-01-15');
    await expect.poll(() => clientRows(page).count()).toBe(Math.min(added.length, 50));
    await page.getByLabel('Search', { exact: true }).fill('1990-01-16');
    await expect.poll(() => page.getByText('No clients found.').isVisible()).toBe(true);
    await screenshot(page, 'clients-search-empty-phone');
    await context.close();

    // At desktop size, the keyboard reaches Load more, which loads the next page.
    const desktop = await newContext(browser(), DESKTOP);
    const wide = await desktop.newPage();
    await logIn(wide, demoLogin('therapist'));
    await wide.waitForURL('**/clients');
    await expect.poll(() => clientRows(wide).count()).toBe(50);
    await screenshot(wide, 'clients-paged-desktop');
    await wide.getByRole('button', { name: 'Load more' }).focus();
    await wide.keyboard.press('Enter');
    await expect.poll(() => rowNames(wide)).toContain(last);
    await screenshot(wide, 'clients-load-more-desktop', clientRows(wide).last());
    await desktop.close();
  });

  it('sends a client who opens a therapist page home', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('client'));
    await page.waitForURL('**/programs');
    await page.goto('/client/create');
    await page.waitForURL('**/programs');
    await context.close();
  });
});
