import type { Page } from 'playwright-core';

// The clients list and the client page as the journeys read them.

/** The rows of the clients list, as their links. */
export function clientRows(page: Page) {
  return page.getByRole('list', { name: 'Clients' }).getByRole('link');
}

/** The rows of the clients list, as their visible names ("Last, First"). */
export async function rowNames(page: Page): Promise<string[]> {
  const texts = await clientRows(page).allInnerTexts();
  return texts.map((text) => text.split('\n')[0]!.trim());
}

/** The program cards in the client page's visible tab panel, by name. */
export function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('tabpanel').getByRole('heading', { level: 2 }).allInnerTexts();
}

/** The client page's id, read from its address. */
export function clientIdOf(page: Page): number {
  return Number(new URL(page.url()).pathname.split('/').pop());
}
