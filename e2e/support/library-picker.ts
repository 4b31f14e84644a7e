import type { Page } from 'playwright-core';
import type { InputCounter } from './input-counter';
import { expect } from 'vitest';

/** Desktop, a little shorter than DESKTOP: the picker must fit a laptop screen. */
export const DESKTOP_800 = { width: 1280, height: 800 };

export async function visible(page: Page, text: string) {
  await expect
    .poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 })
    .toBe(true);
}

export function pickerDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Add from library' });
}

/** The Add button of one result in the picker (its name says which exercise it adds). */
export function addButton(page: Page, name: string) {
  return pickerDialog(page).getByRole('button', { name: `Add ${name}`, exact: true });
}

/** The button that opens and closes an exercise card of the form. */
export function cardToggle(page: Page, position: number) {
  return page
    .getByRole('group', { name: `Exercise ${position}`, exact: true })
    .getByRole('button', { name: new RegExp(`^Exercise ${position}: `) });
}

export async function openCreateProgram(page: Page, counter: InputCounter | null) {
  const link = page.getByRole('link', { name: '+ Add Program' });
  if (counter) await counter.tap(link);
  else await link.click();
  await page.waitForURL(/\/program\/add\/\d+$/);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'Create Program' }).isVisible())
    .toBe(true);
}
