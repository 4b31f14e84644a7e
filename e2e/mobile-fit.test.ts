import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { demoLogin, logIn, newContext, useBrowser } from './support/browser';
import { nextAddress } from './support/addresses';

const browser = useBrowser();

/** Nothing wider than the screen, and every button or link in the main area at least 44 px tall. */
async function expectFits(page: Page, label: string) {
  const report = await page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    const small = [
      ...document.querySelectorAll<HTMLElement>(
        'main button, main a.btn, main input, main select, nav a, nav button',
      ),
    ]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().height)}px`,
      );
    return { overflow, small };
  });
  expect(report.overflow, `${label}: horizontal overflow`).toBeLessThanOrEqual(0);
  expect(report.small, `${label}: small tap targets`).toEqual([]);
}

describe('small screens', () => {
  it('fits a 360 px phone with large tap targets', async () => {
    const context = await newContext(browser(), { width: 360, height: 740 });
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await expectFits(page, 'login');
    await page.goto('/reset-password');
    await expect.poll(() => page.getByRole('button', { name: 'Send Reset Link' }).isVisible()).toBe(true);
    await expectFits(page, 'reset request');
    await logIn(page, demoLogin('client'));
    await page.waitForURL('**/programs');
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'My Details' }).isVisible()).toBe(true);
    await expectFits(page, 'my details');
    await context.close();
  });

  it('stays usable at 200% zoom on a laptop (640 CSS px wide)', async () => {
    const context = await browser().newContext({
      baseURL: inject('baseUrl'),
      viewport: { width: 640, height: 400 },
      deviceScaleFactor: 2,
      extraHTTPHeaders: { 'X-Forwarded-For': nextAddress() },
    });
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page
      .getByRole('link', { name: 'Change Details' })
      .or(page.getByRole('button', { name: 'Change Details' }))
      .click();
    await expect.poll(() => page.getByRole('button', { name: 'Update User' }).isVisible()).toBe(true);
    await expectFits(page, 'edit profile at 200%');
    await context.close();
  });
});
