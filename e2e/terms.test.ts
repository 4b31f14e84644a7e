import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, logIn, newContext, screenshot, useBrowser } from './support/browser';

const browser = useBrowser();

describe('terms gate', () => {
  it('holds a new user on /terms until all three boxes are ticked', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, inject('newTherapist'));
    await page.waitForURL('**/terms');
    await expect.poll(() => page.getByRole('heading', { name: 'Terms & Agreements' }).isVisible()).toBe(true);
    // No bottom bar on /terms, and other pages send the user back here.
    expect(await page.getByRole('link', { name: 'Profile' }).count()).toBe(0);
    await page.goto('/clients');
    await page.waitForURL('**/terms');

    const agree = page.getByRole('button', { name: 'I Agree to All Terms' });
    await expect.poll(() => agree.isDisabled()).toBe(true);
    const boxes = page.getByRole('checkbox');
    expect(await boxes.count()).toBe(3);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    expect(await agree.isDisabled()).toBe(true);
    await boxes.nth(2).check();
    expect(await agree.isEnabled()).toBe(true);
    await expectAccessible(page, 'terms');
    await screenshot(page, 'terms-phone');
    await agree.click();
    await page.waitForURL('**/clients');

    // Agreed is remembered: the next sign-in goes straight home.
    const again = await newContext(browser(), DESKTOP);
    const second = await again.newPage();
    await logIn(second, inject('newTherapist'));
    await second.waitForURL('**/clients');
    await screenshot(second, 'home-therapist-desktop');
    await again.close();
    await context.close();
  });
});
