import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';

// The program form and view as the program journeys read them (docs/product/programs-and-exercises.md).

export const fixtures = path.resolve(import.meta.dirname, '../fixtures');

/** Today in the browser's zone (the context runs in Australia/Sydney), as the form and the redirect use it. */
export function todayIn(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

export async function openChrisWalker(page: Page): Promise<string> {
  await page.getByRole('link', { name: /Walker, Chris/ }).click();
  await page.waitForURL(/\/client\/\d+$/);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'Walker, Chris' }).isVisible())
    .toBe(true);
  return new URL(page.url()).pathname.split('/').pop()!;
}

export async function visible(page: Page, text: string) {
  await expect
    .poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 })
    .toBe(true);
}

/** The whole page, for looking at the form's lower half too. */
export async function fullScreenshot(page: Page, name: string) {
  await screenshot(page, name);
  await page.screenshot({
    path: path.resolve(import.meta.dirname, '../screenshots', `${name}-full.png`),
    fullPage: true,
  });
}

/** The exercise fieldsets of the form, by position. */
export function exercise(page: Page, index: number) {
  return page.getByRole('group', { name: `Exercise ${index + 1}`, exact: true });
}
