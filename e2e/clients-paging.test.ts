import { describe, expect, it } from 'vitest';
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
import { clientRows, rowNames } from './support/clients-list';

// docs/product/clients.md#paging: the clients list 50 a page, and the search on the server.

const browser = useBrowser();

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

describe('clients list paging', () => {
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
    // No client twice (by the page each row opens: two clients may share a name).
    const links = await clientRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('href')));
    expect(new Set(links).size).toBe(links.length);
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
});
