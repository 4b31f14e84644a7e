import { describe, expect, it } from 'vitest';
import {
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

describe('error pages', () => {
  it('shows Unexpected Application Error! when a page cannot load, and logs it', async () => {
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await logIn(page, demoLogin('client'));
    await page.waitForURL('**/programs');
    // As after a deploy: the page's code is gone from the server.
    await page.route('**/assets/user-details-*.js', (route) => route.fulfill({ status: 404, body: '' }));
    const logged = page.waitForRequest(
      (r) => r.url().endsWith('/api/logs/') && r.postDataJSON()?.level === 'error',
    );
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Unexpected Application Error!' }).isVisible())
      .toBe(true);
    expect((await logged).postDataJSON()).toMatchObject({ level: 'error', message: 'Routing error' });
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await expectAccessible(page, 'unexpected error');
    await screenshot(page, 'unexpected-error-phone');
    await context.close();
  });

  it('shows a friendly page for an unknown address', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found/i);
    await expectAccessible(page, 'not found');
    await context.close();
  });
});
