import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, therapistToken } from './support/client-factory';
import { mailTo, resetLinkIn } from './support/mail';

const browser = useBrowser();

describe('password reset', () => {
  it('mails a link that sets a new password and signs the user in', async () => {
    const user = demoLogin('client');
    const client2 = { ...user, email: 'client2@demo.clinic' };
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel('Email').fill(client2.email);
    await expectAccessible(page, 'reset request');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect
      .poll(() =>
        page.getByText('Password reset link sent to your email. Please check your inbox.').isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'reset-request-phone');

    const link = resetLinkIn(await mailTo(client2.email));
    await page.goto(link);
    // A reset keeps its own words (an activation link says Set password: below).
    const submit = page.getByRole('button', { name: 'Reset Password', exact: true });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Set password', exact: true }).count()).toBe(0);
    await page.getByLabel('New Password', { exact: true }).fill('12345678');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('12345678');
    await submit.click();
    await expect.poll(() => page.getByText('Password cannot be entirely numeric.').isVisible()).toBe(true);
    await page.getByLabel('New Password', { exact: true }).fill('a new walking plan');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('a new walking plan');
    await expectAccessible(page, 'set password');
    await screenshot(page, 'set-password-phone');
    await submit.click();
    await expect
      .poll(() => page.getByText('Password reset successful. Redirecting to login...').count())
      .toBeGreaterThan(0);
    await page.waitForURL('**/programs');

    // The link works once.
    const other = await newContext(browser());
    const stale = await other.newPage();
    await stale.goto(link);
    await expect.poll(() => stale.getByRole('alert').isVisible()).toBe(true);
    expect(await stale.getByRole('button', { name: 'Reset Password' }).count()).toBe(0);
    // And the new password is the one that works.
    await logIn(stale, { email: client2.email, password: 'a new walking plan' });
    await stale.waitForURL('**/programs');
    await other.close();
    await context.close();
  });

  it('says Set password to a new client opening the activation link, and signs them in', async () => {
    const stamp = Date.now();
    const email = `new.client.${stamp}@activate.e2e.test`;
    const added = await api(await therapistToken(), '/users/add/', {
      method: 'POST',
      body: {
        first_name: 'Nell',
        last_name: `Newcomer${stamp}`,
        date_of_birth: '1950-02-03',
        email,
        mobile: '0400 123 456',
        condition: 'Stroke',
      },
    });
    expect(added.status, 'add client').toBe(201);
    const link = resetLinkIn(await mailTo(email));

    for (const [viewport, shot] of [
      [DESKTOP, 'activate-password-desktop'],
      [PHONE, 'activate-password-phone'],
    ] as const) {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await page.goto(link);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'Set Your Password' }).isVisible())
        .toBe(true);
      const submit = page.getByRole('button', { name: 'Set password', exact: true });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: /reset/i }).count(), 'no word of a reset').toBe(0);
      await page.getByLabel('New Password', { exact: true }).fill('my first password');
      await page.getByLabel('Confirm New Password', { exact: true }).fill('my first password');
      await expectAccessible(page, `activation (${shot})`);
      await screenshot(page, shot);
      if (viewport === PHONE) {
        await submit.click();
        await expect
          .poll(() => page.getByText('Your password is set. Signing you in...').count())
          .toBeGreaterThan(0);
        // A new client agrees to the terms first.
        await page.waitForURL('**/terms');
      }
      await context.close();
    }
  });

  it('shows the invalid-link alert for a made-up link', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/reset-password/MQ/not-a-real-token');
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/invalid|expired/i);
    await context.close();
  });
});
