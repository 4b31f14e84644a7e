import type { Page } from 'playwright-core';
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
import { clientIdOf, clientRows, rowNames } from './support/clients-list';

// docs/product/clients.md: Create Client, the new client's page, search, and Edit Client.

const browser = useBrowser();

/** Gives an email check that must not run the time it would need to show its answer. */
async function settle(page: Page) {
  await page.waitForTimeout(300);
}

/** The name of the element that has the keyboard focus. */
function focusedText(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.activeElement?.textContent?.trim());
}

describe('adding a client', () => {
  it('adds a client, opens their page ready for a program, then finds and edits them', async () => {
    const context = await newContext(browser());
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

    // Activate Client opens the new client's page, says so, and puts the focus on the next step: + Add Program.
    const email = `jamie.lee.${Date.now()}@e2e.test`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    await expect.poll(() => page.getByText('This email is already registered.').count()).toBe(0);
    await page.getByRole('button', { name: 'Activate Client' }).click();
    await page.waitForURL(/\/client\/\d+$/);
    const clientId = clientIdOf(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Lee, Jamie' }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Client created successfully!' }).count())
      .toBe(1);
    await expect.poll(() => focusedText(page)).toBe('+ Add Program');
    expect(await page.getByRole('link', { name: '+ Add Program' }).getAttribute('href')).toBe(
      `/program/add/${clientId}`,
    );
    await expect
      .poll(() => page.getByRole('tabpanel').getByText('No programs found in this category.').isVisible())
      .toBe(true);
    // Nothing done yet: no chart.
    expect(await page.getByRole('region', { name: /each week/ }).count()).toBe(0);
    await expectAccessible(page, 'new client page');
    await screenshot(page, 'client-created-phone');
    // Enter follows the focused link.
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/program/add/${clientId}`);
    // The message was said once: back on the client page it is gone, and the focus is left alone.
    await page.goBack();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Lee, Jamie' }).isVisible())
      .toBe(true);
    expect(await page.getByText('Client created successfully!').count()).toBe(0);

    // The list has the new client. Search by first name (any part, any case), then by date of birth (a date).
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await page.waitForURL('**/clients');
    await expect.poll(() => rowNames(page)).toContain('Lee, Jamie');
    expect(await clientRows(page).filter({ hasText: 'Lee, Jamie' }).innerText()).toContain('06/05/1980');
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
    await expect.poll(() => rowNames(page)).toContain('Lee, Jamie');
    await expectAccessible(page, 'clients search');

    // Edit: the details load; leaving with changes asks once; saving returns to the client's page.
    await page.goto(`/client/edit/${clientId}`);
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
    await context.close();
  });

  it('shows the client forms at desktop size, and lands on the new client there too', async () => {
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

    await page.getByLabel('First Name').fill('Ari');
    await page.getByLabel('Last Name').fill('Desk');
    await page.getByLabel('Date of Birth').fill('1975-09-10');
    await page.getByLabel('Email', { exact: true }).fill(`ari.desk.${Date.now()}@e2e.test`);
    await page.getByLabel('Mobile').fill('0411 000 999');
    await page.getByLabel('Condition').selectOption('Multiple Sclerosis');
    await page.getByRole('button', { name: 'Activate Client' }).click();
    await page.waitForURL(/\/client\/\d+$/);
    await expect.poll(() => focusedText(page)).toBe('+ Add Program');
    await expectAccessible(page, 'new client page desktop');
    await screenshot(page, 'client-created-desktop');

    await page.getByRole('link', { name: 'View/Edit Client Details' }).click();
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Ari');
    await expectAccessible(page, 'edit client desktop');
    await screenshot(page, 'edit-client-desktop');
    await context.close();
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
