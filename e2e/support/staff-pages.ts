import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type PHONE, demoLogin, logIn, newContext } from './browser';

// The staff pages as the staff journeys read them (docs/product/staff.md).

/** Opens a staff page from the header's Staff tools. */
export async function openStaffPage(page: Page, label: string, heading: string) {
  await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: label }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
}

/** Waits for a dialog to finish fading in: axe measures colours as they are painted. */
export async function dialogShown(dialog: Locator) {
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

/** The users table's row for the user with this email. */
export function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

/** A staff member signed in at this size, on their landing page. */
export async function staffPage(b: Browser, viewport: typeof PHONE) {
  const context = await newContext(b, viewport);
  const page = await context.newPage();
  await logIn(page, demoLogin('staff'));
  await page.waitForURL('**/programs');
  return { context, page };
}
