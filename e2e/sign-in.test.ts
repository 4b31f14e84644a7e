import { describe, expect, it } from 'vitest';
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

const browser = useBrowser();

describe('signing in', () => {
  it('shows a readable, accessible login page at phone and desktop size', async () => {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await page.goto('/');
      await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe(
        '/reset-password',
      );
      expect(await page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toMatch(
        /^mailto:.+\?subject=.+&body=/,
      );
      await page.getByLabel('Password', { exact: true }).fill('secret words');
      await page.getByRole('button', { name: /show password/i }).click();
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
      await expectAccessible(page, `login ${size}`);
      await screenshot(page, `login-${size}`);
      await context.close();
    }
  });

  it('refuses a wrong password with the server message', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, { email: demoLogin('client').email, password: 'not the password' });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  for (const [role, home, heading] of [
    ['therapist', '/clients', 'Clients'],
    ['client', '/programs', 'Programs'],
    ['staff', '/programs', 'Programs'],
  ] as const) {
    it(`lands the demo ${role} on ${home}`, async () => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await logIn(page, demoLogin(role));
      await page.waitForURL(`**${home}`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      await expect
        .poll(() =>
          page
            .getByText(`Hello, ${role === 'therapist' ? 'Tara' : role === 'client' ? 'Chris' : 'Sam'}`)
            .isVisible(),
        )
        .toBe(true);
      const staffLinks = page.getByRole('link', { name: /manage users/i });
      expect(await staffLinks.count()).toBe(role === 'staff' ? 1 : 0);
      // The session survives a reload: the refresh cookie brings back an access token.
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      await expectAccessible(page, `${role} home`);
      await screenshot(page, `home-${role}-phone`);
      await context.close();
    });
  }

  it('sends a client who opens a therapist page back to /programs', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('client'));
    await page.waitForURL('**/programs');
    const denial = page.waitForRequest((r) => r.url().endsWith('/api/logs/') && r.method() === 'POST');
    await page.goto('/manage');
    await page.waitForURL('**/programs');
    expect((await denial).postDataJSON()).toMatchObject({ level: 'warn' });
    await context.close();
  });

  it('sends someone signed out from a protected page to the login page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/clients');
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await context.close();
  });
});
