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

const browser = useBrowser();

describe('profile', () => {
  it('lets a therapist change their details, guards unsaved changes, and signs out', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'My Details' }).isVisible()).toBe(true);
    expect(await page.getByText('Physiotherapist').isVisible()).toBe(true);
    expect(await page.getByText('Demo Clinic').isVisible()).toBe(true);
    await expectAccessible(page, 'my details');
    await screenshot(page, 'my-details-phone');

    await page
      .getByRole('link', { name: 'Change Details' })
      .or(page.getByRole('button', { name: 'Change Details' }))
      .click();
    const mobile = page.getByLabel('Mobile');
    await expect.poll(() => mobile.inputValue()).toBe('0400 000 000');
    await mobile.fill('0400 123 456');

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Clients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      'You have unsaved changes. Are you sure you want to leave this page?',
    );
    await expectAccessible(page, 'unsaved changes dialog');
    await screenshot(page, 'unsaved-changes-phone');
    await page.getByRole('button', { name: 'Stay on Page' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await mobile.inputValue()).toBe('0400 123 456');

    // Validation: an empty first name is refused with a message under the field.
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect.poll(() => page.getByText('This field is required.').isVisible()).toBe(true);
    await page.getByLabel('First Name').fill('Tara');

    // Another user's address is caught on leaving the field.
    await page.getByLabel('Email').fill('client@demo.clinic');
    await page.getByLabel('Mobile').focus();
    await expect.poll(() => page.getByText('This email is already registered.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect
      .poll(() => page.getByText('Please fix the email error before submitting.').isVisible())
      .toBe(true);
    await page.getByLabel('Email').fill(demoLogin('therapist').email);
    await expectAccessible(page, 'edit profile');
    await screenshot(page, 'edit-profile-phone');

    await page.getByRole('button', { name: 'Update User' }).click();
    await expect.poll(() => page.getByText('User updated successfully!').isVisible()).toBe(true);
    await page.waitForURL(/\/user\/\d+$/);
    await expect.poll(() => page.getByText('0400 123 456').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/clients');
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows the leave dialog and leaves on Leave Page, at desktop size', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('client'));
    await page.waitForURL('**/programs');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page
      .getByRole('link', { name: 'Change Details' })
      .or(page.getByRole('button', { name: 'Change Details' }))
      .click();
    await page.getByLabel('Last Name').fill('Walker-Smith');
    await page.getByRole('link', { name: 'Programs' }).click();
    await page.getByRole('button', { name: 'Leave Page' }).click();
    await page.waitForURL('**/programs');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The change was not saved.
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => page.getByText('Chris Walker').isVisible()).toBe(true);
    await expectAccessible(page, 'my details desktop');
    await screenshot(page, 'my-details-desktop');
    await context.close();
  });

  it('signs every tab out when one tab signs out', async () => {
    const context = await newContext(browser(), DESKTOP);
    const first = await context.newPage();
    await logIn(first, demoLogin('staff'));
    await first.waitForURL('**/programs');
    const second = await context.newPage();
    await second.goto('/programs');
    await expect
      .poll(() => second.getByRole('heading', { level: 1, name: 'Programs' }).isVisible())
      .toBe(true);
    await screenshot(second, 'home-staff-desktop');

    await first.getByRole('link', { name: 'Profile' }).click();
    await first.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await first.waitForURL((url) => url.pathname === '/');
    await second.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => second.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await context.close();
  });
});
