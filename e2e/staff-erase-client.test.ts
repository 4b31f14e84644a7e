import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, expectAccessible, screenshot, useBrowser } from './support/browser';
import { createActiveClient, therapistToken } from './support/client-factory';
import { dialogShown, openStaffPage, staffPage, userRow } from './support/staff-pages';

// docs/product/retention.md#erasure: staff deactivate a client, then erase them with a typed confirmation; the
// clinic settings hold how many years a deactivated client's records are kept.

const browser = useBrowser();

/** Deactivates the client from Manage Users, as staff do before erasing. */
async function deactivateFromList(
  page: Page,
  client: { email: string; firstName: string; lastName: string },
) {
  await page.getByPlaceholder('Search users...').fill(client.email);
  await expect.poll(() => userRow(page, client.email).isVisible()).toBe(true);
  await page.getByLabel(`Select ${client.firstName} ${client.lastName}`).check();
  await page.getByRole('button', { name: 'Deactivate Selected (1)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deactivation' });
  await dialogShown(confirm);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect.poll(() => confirm.count()).toBe(0);
  await expect.poll(() => userRow(page, client.email).innerText()).toContain('Deactivated');
}

describe('erasing a client', () => {
  it('deactivates a client, then erases them once their full name is typed (phone)', async () => {
    const client = await createActiveClient(await therapistToken(), `Erasable${Date.now().toString(36)}`);
    const name = `${client.firstName} ${client.lastName}`;
    const { context, page } = await staffPage(browser(), PHONE);
    await openStaffPage(page, 'Manage Users', 'Manage Users');

    // An active client has no Erase button.
    await page.getByPlaceholder('Search users...').fill(client.email);
    await expect.poll(() => userRow(page, client.email).isVisible()).toBe(true);
    expect(
      await userRow(page, client.email)
        .getByRole('button', { name: `Erase ${name}` })
        .count(),
    ).toBe(0);
    await deactivateFromList(page, client);

    await userRow(page, client.email)
      .getByRole('button', { name: `Erase ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Erase ${name}?` });
    await dialogShown(dialog);
    const erase = dialog.getByRole('button', { name: 'Erase', exact: true });
    expect(await erase.isDisabled()).toBe(true);
    const typed = dialog.getByLabel(`Type the client's full name (${name}) or ERASE to confirm`);
    await typed.fill(client.firstName);
    expect(await erase.isDisabled()).toBe(true);
    await typed.fill(`  ${name.toUpperCase()} `);
    await expect.poll(() => erase.isEnabled()).toBe(true);
    await expectAccessible(page, 'erase client dialog');
    await screenshot(page, 'staff-erase-client-phone');
    await erase.click();

    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText(`${name}'s records were erased.`).isVisible()).toBe(true);
    await expect.poll(() => userRow(page, client.email).count()).toBe(0);
    await expectAccessible(page, 'after erasure');
    await screenshot(page, 'staff-erased-client-phone');
    await context.close();
  });

  it('erases with ERASE typed and keeps a clinic’s retention years between 1 and 100 (desktop)', async () => {
    const client = await createActiveClient(await therapistToken(), `Erasable${Date.now().toString(36)}`);
    const name = `${client.firstName} ${client.lastName}`;
    const { context, page } = await staffPage(browser(), DESKTOP);
    await openStaffPage(page, 'Manage Users', 'Manage Users');
    await deactivateFromList(page, client);
    await userRow(page, client.email)
      .getByRole('button', { name: `Erase ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Erase ${name}?` });
    await dialogShown(dialog);
    await dialog.getByLabel(`Type the client's full name (${name}) or ERASE to confirm`).fill('ERASE');
    const erase = dialog.getByRole('button', { name: 'Erase', exact: true });
    await expect.poll(() => erase.isEnabled()).toBe(true);
    await screenshot(page, 'staff-erase-client-desktop');
    await erase.click();
    await expect.poll(() => page.getByText(`${name}'s records were erased.`).isVisible()).toBe(true);

    // The clinic's settings: 7 years unless changed; 0 is refused with the shared message, and nothing is saved.
    await page.getByPlaceholder('Search users...').fill('');
    await page.getByRole('button', { name: 'Settings of Demo Clinic' }).click();
    const settings = page.getByRole('dialog', { name: 'Clinic settings: Demo Clinic' });
    await dialogShown(settings);
    const years = settings.getByLabel("Keep a deactivated client's records for (years)");
    await expect.poll(() => years.inputValue()).toBe('7');
    await years.fill('0');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => settings.getByText('Enter a whole number of years from 1 to 100.').isVisible())
      .toBe(true);
    expect(await years.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'clinic settings with retention years');
    await screenshot(page, 'clinic-settings-retention-desktop');
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => settings.count()).toBe(0);
    await context.close();
  });
});
