import { describe, expect, it } from 'vitest';
import { demoLogin, expectAccessible, logIn, newContext, screenshot, useBrowser } from './support/browser';

const browser = useBrowser();

describe('inactivity', () => {
  it('warns at 29 minutes, keeps the session on Stay Active, and ends it at 30', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.clock.install();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    const beforeLogout = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          window.addEventListener('beforeLogout', () => resolve(true), { once: true }),
        ),
    );

    await page.clock.runFor('29:30');
    const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
    await expect.poll(() => warning.isVisible()).toBe(true);
    expect(await warning.textContent()).toContain('Your session will expire in 1 minute due to inactivity.');
    await expectAccessible(page, 'session warning');
    await screenshot(page, 'session-warning-phone');
    await page.getByRole('button', { name: 'Stay Active' }).click();
    await expect.poll(() => warning.isVisible()).toBe(false);

    await page.clock.runFor('28:00');
    expect(await warning.isVisible()).toBe(false);
    await page.clock.runFor('03:00');
    expect(await beforeLogout).toBe(true);
    await page.clock.runFor(2500);
    await expect.poll(() => page.getByRole('heading', { name: 'Session Expired' }).isVisible()).toBe(true);
    expect(
      await page
        .getByText('Your session has expired due to inactivity. Please log in again to continue.')
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'session-expired-phone');
    await page.getByRole('button', { name: 'Return to Login' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('shows the logged-out page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/logged-out');
    await expect
      .poll(() => page.getByRole('heading', { name: "You've been logged out" }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'logged out');
    await page
      .getByRole('link', { name: 'Return to Login' })
      .or(page.getByRole('button', { name: 'Return to Login' }))
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
