import { describe, expect, inject, it } from 'vitest';
import type { TestServerPost } from './support/global-setup';
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
import { dialogShown, openStaffPage, staffPage, userRow } from './support/staff-pages';

// docs/product/staff.md: Configure Test Server, the staff pages at desktop size, and the pages kept from others.

const browser = useBrowser();

describe('staff tools', () => {
  it('refreshes the test database from Configure Test Server (phone)', async () => {
    const { context, page } = await staffPage(browser(), PHONE);
    // Configure Test Server: online, and the update is dispatched with the server's token.
    await openStaffPage(page, 'Configure Test Server', 'Configure Test Server');
    await expect.poll(() => page.getByText('Online', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await expect.poll(() => page.getByText('Online', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/about 3-5 minutes/).isVisible()).toBe(true);
    await expectAccessible(page, 'configure test server');
    await screenshot(page, 'staff-test-server-phone');
    const { url, refreshToken } = inject('testServer');
    const received = async () => (await (await fetch(`${url}/received`)).json()) as TestServerPost[];
    const before = (await received()).length;
    const update = page.getByRole('button', { name: 'Update Test Database' });
    await expect.poll(() => update.isEnabled()).toBe(true);
    await update.click();
    await expect
      .poll(() =>
        page
          .getByText(
            "Database update workflow triggered successfully. You'll receive an email when complete.",
          )
          .isVisible(),
      )
      .toBe(true);
    const posts = await received();
    expect(posts).toHaveLength(before + 1);
    expect(posts.at(-1)).toMatchObject({ path: '/dispatches', authorization: `Bearer ${refreshToken}` });
    // The token never reaches the browser.
    expect(await page.content()).not.toContain(refreshToken);
    await screenshot(page, 'staff-test-db-updated-phone');
    await context.close();
  });
  it('shows the staff pages at desktop size', async () => {
    const { context, page } = await staffPage(browser(), DESKTOP);
    await openStaffPage(page, 'Manage Users', 'Manage Users');
    await expect.poll(() => userRow(page, 'therapist@demo.clinic').isVisible()).toBe(true);
    // On a wide screen the table has its column headers.
    for (const column of ['Name', 'Email', 'Role', 'Clinic', 'User ID']) {
      expect(await page.getByRole('columnheader', { name: column, exact: true }).isVisible()).toBe(true);
    }
    // The clinics come in their own call: their table may follow the users'.
    await expect.poll(() => page.getByRole('columnheader', { name: 'Clinic Name' }).isVisible()).toBe(true);
    await expectAccessible(page, 'manage users desktop');
    await screenshot(page, 'staff-manage-users-desktop');

    await page.getByRole('button', { name: 'Add Therapists' }).click();
    await dialogShown(page.getByRole('dialog', { name: 'Add Therapist' }));
    await expectAccessible(page, 'add therapist dialog desktop');
    await screenshot(page, 'staff-add-therapist-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByLabel('Select Tara Nguyen').check();
    await page.getByRole('button', { name: 'Deactivate Selected (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deactivation' });
    await dialogShown(confirm);
    await screenshot(page, 'staff-confirm-deactivation-desktop');
    // Cancel keeps the user active.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await userRow(page, 'therapist@demo.clinic').innerText()).not.toContain('Deactivated');

    await openStaffPage(page, 'System Metrics Dashboard', 'System Metrics Dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Programs by Therapist' }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'metrics desktop');
    await screenshot(page, 'staff-metrics-desktop');

    await openStaffPage(page, 'Configure Test Server', 'Configure Test Server');
    await expect.poll(() => page.getByText('Online', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'configure test server desktop');
    await screenshot(page, 'staff-test-server-desktop');
    await context.close();
  });

  it('keeps the staff pages from other roles', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    for (const staffPath of ['/manage', '/metrics', '/configure-test-server']) {
      await page.goto(staffPath);
      await page.waitForURL('**/clients');
    }
    expect(await page.getByRole('navigation', { name: 'Staff tools' }).count()).toBe(0);
    await context.close();
  });
});
