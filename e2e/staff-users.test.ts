import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PHONE,
  downloadedBytes,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { mailTo, resetLinkIn } from './support/mail';
import { dialogShown, openStaffPage, staffPage, userRow } from './support/staff-pages';

// docs/product/staff.md#manage-users: users, clinics, therapists one by one and by CSV, deactivation, and the
// metrics of the clinic added.

const browser = useBrowser();
const csvDir = mkdtempSync(path.join(os.tmpdir(), 'hep-e2e-csv-'));

function writeCsv(name: string, rows: string[]): string {
  const file = path.join(csvDir, name);
  writeFileSync(file, ['First Name,Last Name,Email,Discipline,Clinic ID', ...rows].join('\r\n') + '\r\n');
  return file;
}

/** Signs a new account in with its emailed activation link and the password given. */
async function activate(email: string, password: string) {
  const context = await newContext(browser());
  const page = await context.newPage();
  await page.goto(resetLinkIn(await mailTo(email)));
  // The page's one submit button, whatever its words (docs/product/accounts.md#password-links).
  const submit = page.locator('form button[type="submit"]');
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(password);
  await submit.click();
  await page.waitForURL((url) => !url.pathname.startsWith('/reset-password'));
  await context.close();
}

describe('managing users', () => {
  it('manages users and clinics, imports and deactivates therapists, and reads the metrics (phone)', async () => {
    const stamp = Date.now().toString(36);
    const clinicName = `Riverside Rehab ${stamp}`;
    const added = { first: 'Hana', last: 'Individual', email: `hana.${stamp}@add.e2e.test` };
    const imported = [
      { first: 'Ivy', last: 'Importer', email: `ivy.${stamp}@import.e2e.test` },
      { first: 'Otto', last: 'Importer', email: `otto.${stamp}@import.e2e.test` },
    ];
    const { context, page } = await staffPage(browser(), PHONE);

    // Manage Users: the demo users with their role text, clinic (or N/A) and id.
    await openStaffPage(page, 'Manage Users', 'Manage Users');
    await expect.poll(() => userRow(page, 'therapist@demo.clinic').isVisible()).toBe(true);
    const tara = await userRow(page, 'therapist@demo.clinic').innerText();
    expect(tara).toContain('Tara Nguyen');
    expect(tara).toContain('Physiotherapist');
    expect(tara).toContain('Demo Clinic');
    // The user's id (docs/product/staff.md#manage-users), in the last column.
    expect(await userRow(page, 'therapist@demo.clinic').getByRole('cell').last().innerText()).toMatch(
      /^\d+$/,
    );
    const sam = await userRow(page, 'admin@demo.clinic').innerText();
    expect(sam).toContain('Staff');
    expect(sam).toContain('N/A');
    expect(await userRow(page, 'client@demo.clinic').innerText()).toContain('Client');
    expect(await page.getByRole('button', { name: 'Deactivate Selected (0)' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'manage users');
    await screenshot(page, 'staff-manage-users-phone');

    // Search: full name, email and role text, ignoring case.
    const search = page.getByPlaceholder('Search users...');
    await search.fill('tara NGUYEN');
    await expect.poll(() => userRow(page, 'client@demo.clinic').count()).toBe(0);
    expect(await userRow(page, 'therapist@demo.clinic').isVisible()).toBe(true);
    await search.fill('CLIENT');
    await expect.poll(() => userRow(page, 'therapist@demo.clinic').count()).toBe(0);
    expect(await userRow(page, 'client@demo.clinic').isVisible()).toBe(true);
    expect(await userRow(page, 'client2@demo.clinic').isVisible()).toBe(true);
    await search.fill('nobody-by-this-name');
    await expect.poll(() => page.getByText('No users match your search.').isVisible()).toBe(true);
    await search.fill('');

    // Add Clinic: an in-app dialog; the clinics table shows the new clinic and its id.
    await page.getByRole('button', { name: 'Add Clinic' }).click();
    const clinicDialog = page.getByRole('dialog', { name: 'Add Clinic' });
    await dialogShown(clinicDialog);
    await clinicDialog.getByRole('button', { name: 'Add Clinic' }).click();
    await expect.poll(() => clinicDialog.getByText('This field is required.').isVisible()).toBe(true);
    await clinicDialog.getByLabel('Clinic Name').fill(clinicName);
    await expectAccessible(page, 'add clinic dialog');
    await screenshot(page, 'staff-add-clinic-phone');
    await clinicDialog.getByRole('button', { name: 'Add Clinic' }).click();
    await expect.poll(() => clinicDialog.count()).toBe(0);
    const clinicRow = page.getByRole('row').filter({ hasText: clinicName });
    await expect.poll(() => clinicRow.isVisible()).toBe(true);
    const clinicId = Number(await clinicRow.getByRole('cell').first().innerText());
    expect(clinicId).toBeGreaterThan(0);
    expect(await page.getByText(`Clinic "${clinicName}" added (Clinic ID ${clinicId}).`).isVisible()).toBe(
      true,
    );

    // The clinic's crisis text (docs/product/outcome-measures.md#safety): the default until staff set their own.
    await clinicRow.getByRole('button', { name: `Settings of ${clinicName}` }).click();
    const settings = page.getByRole('dialog', { name: `Clinic settings: ${clinicName}` });
    await dialogShown(settings);
    const crisis = settings.getByLabel('Crisis text');
    await expect.poll(() => crisis.isVisible()).toBe(true);
    expect(await settings.textContent()).toContain(
      'If you might harm yourself, call 000 or Lifeline on 13 11 14 now.',
    );
    await crisis.fill('Call the clinic on 02 9000 0000, or 000 in an emergency.');
    await expectAccessible(page, 'clinic settings dialog');
    await screenshot(page, 'clinic-settings-phone');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => settings.count()).toBe(0);
    await clinicRow.getByRole('button', { name: `Settings of ${clinicName}` }).click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog', { name: `Clinic settings: ${clinicName}` })
          .getByLabel('Crisis text')
          .inputValue(),
      )
      .toBe('Call the clinic on 02 9000 0000, or 000 in an emergency.');
    await page.keyboard.press('Escape');
    await expect.poll(() => settings.count()).toBe(0);

    // Add Therapists, one by one: every field is required.
    await page.getByRole('button', { name: 'Add Therapists' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Therapist' });
    await dialogShown(dialog);
    expect(
      await dialog.getByText('New therapists will be automatically be sent an activation email').isVisible(),
    ).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add Individual' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await dialog.getByRole('button', { name: 'Add Therapist', exact: true }).click();
    await expect.poll(() => dialog.getByText('Please fill in all required fields.').isVisible()).toBe(true);
    await dialog.getByLabel('Clinic', { exact: true }).selectOption({ label: clinicName });
    await dialog.getByLabel('First Name').fill(added.first);
    await dialog.getByLabel('Last Name').fill(added.last);
    await dialog.getByLabel('Email').fill(added.email);
    await dialog.getByLabel('Discipline').selectOption('Occupational Therapist');
    await expectAccessible(page, 'add therapist dialog');
    await screenshot(page, 'staff-add-therapist-phone');
    await dialog.getByRole('button', { name: 'Add Therapist', exact: true }).click();
    await expect.poll(() => dialog.getByText('Therapist added successfully.').isVisible()).toBe(true);
    // The dialog closes by itself after 2 s, and the list has the new therapist.
    await expect.poll(() => dialog.count(), { timeout: 6000 }).toBe(0);
    await expect.poll(() => userRow(page, added.email).isVisible()).toBe(true);
    const addedRow = await userRow(page, added.email).innerText();
    expect(addedRow).toContain('Occupational Therapist');
    expect(addedRow).toContain(clinicName);
    expect(await mailTo(added.email)).toMatch(/reset-password\//);

    // Import CSV: a file is required, the template downloads, and bad rows are listed by row.
    await page.getByRole('button', { name: 'Add Therapists' }).click();
    await dialogShown(dialog);
    await dialog.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByRole('button', { name: 'Import Therapists' }).click();
    await expect.poll(() => dialog.getByText('Please select a CSV file to upload.').isVisible()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download CSV template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('therapist_template.csv');
    expect((await downloadedBytes(download)).toString('utf8').trim()).toBe(
      'First Name,Last Name,Email,Discipline,Clinic ID',
    );
    const csvInput = dialog.getByLabel('CSV file');
    expect(await csvInput.getAttribute('accept')).toBe('.csv');
    await csvInput.setInputFiles(
      writeCsv('bad.csv', [`Bad,Row,bad.${stamp}@import.e2e.test,Physiotherapist,999999`]),
    );
    await dialog.getByRole('button', { name: 'Import Therapists' }).click();
    await expect.poll(() => dialog.getByText('Row 2: No clinic has the ID 999999.').isVisible()).toBe(true);
    await expectAccessible(page, 'import csv dialog');
    await screenshot(page, 'staff-import-csv-phone');
    await csvInput.setInputFiles(
      writeCsv(
        'therapists.csv',
        imported.map((t) => `${t.first},${t.last},${t.email},Speech Pathologist,${clinicId}`),
      ),
    );
    await dialog.getByRole('button', { name: 'Import Therapists' }).click();
    await expect.poll(() => dialog.getByText('Therapists imported successfully.').isVisible()).toBe(true);
    await expect.poll(() => dialog.count(), { timeout: 6000 }).toBe(0);
    for (const t of imported) {
      await expect.poll(() => userRow(page, t.email).isVisible()).toBe(true);
      expect(await mailTo(t.email)).toMatch(/reset-password\//);
    }
    expect(await userRow(page, `bad.${stamp}@import.e2e.test`).count()).toBe(0);

    // Select all selects the rows shown; one is then deactivated after a confirmation.
    const [ivy, otto] = imported as [(typeof imported)[0], (typeof imported)[0]];
    await activate(ivy.email, 'ivy walks every day');
    await search.fill(`${stamp}@import`);
    await expect.poll(() => page.getByRole('row').filter({ hasText: '@import.e2e.test' }).count()).toBe(2);
    await page.getByLabel('Select all users shown').check();
    await expect
      .poll(() => page.getByRole('button', { name: 'Deactivate Selected (2)' }).isEnabled())
      .toBe(true);
    await page.getByLabel(`Select ${otto.first} ${otto.last}`).uncheck();
    const deactivateButton = page.getByRole('button', { name: 'Deactivate Selected (1)' });
    await expect.poll(() => deactivateButton.isEnabled()).toBe(true);
    await deactivateButton.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deactivation' });
    await dialogShown(confirm);
    const listed = await confirm.innerText();
    expect(listed).toContain(`${ivy.first} ${ivy.last}`);
    expect(listed).toContain(ivy.email);
    expect(listed).not.toContain(otto.email);
    await expectAccessible(page, 'confirm deactivation');
    await screenshot(page, 'staff-confirm-deactivation-phone');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.getByText('Users deactivated successfully.').isVisible()).toBe(true);
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => userRow(page, ivy.email).innerText()).toContain('Deactivated');
    expect(await userRow(page, otto.email).innerText()).not.toContain('Deactivated');
    expect(await page.getByRole('button', { name: 'Deactivate Selected (0)' }).isDisabled()).toBe(true);

    // The deactivated therapist can no longer log in.
    const other = await newContext(browser());
    const otherPage = await other.newPage();
    await logIn(otherPage, { email: ivy.email, password: 'ivy walks every day' });
    await expect
      .poll(() =>
        otherPage.getByText('This account has been deactivated. Please contact your clinic.').isVisible(),
      )
      .toBe(true);
    await other.close();

    // System Metrics Dashboard.
    await openStaffPage(page, 'System Metrics Dashboard', 'System Metrics Dashboard');
    for (const heading of [
      'User Statistics',
      'Clinic Statistics',
      'Programs by Therapist',
      'Exercise Feedback Metrics',
    ]) {
      await expect.poll(() => page.getByRole('heading', { level: 2, name: heading }).isVisible()).toBe(true);
    }
    const clinicStats = page.getByRole('row').filter({ hasText: clinicName });
    // Its therapists: Hana and Otto active, Ivy deactivated.
    await expect.poll(() => clinicStats.getByRole('cell').first().innerText()).toBe('2 active of 3');
    expect(await page.getByText('Average Effort').isVisible()).toBe(true);
    await expectAccessible(page, 'metrics');
    await screenshot(page, 'staff-metrics-phone');
    await context.close();
  });
});
