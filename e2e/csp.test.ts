import type { BrowserContext, Page } from 'playwright-core';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { describe, expect, inject, it } from 'vitest';
import { nextAddress } from './support/addresses';
import { PHONE, useBrowser } from './support/browser';

// docs/product/security-and-privacy.md#headers: the app runs under the server's own content security policy, which
// admits no eval. Unlike the other journeys' contexts (support/browser.ts newContext), these keep the policy on.

const browser = useBrowser();

interface Watch {
  violations: string[];
  consoleErrors: string[];
}

declare global {
  interface Window {
    cspViolations: string[];
  }
}

async function strictPage(
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<{ context: BrowserContext; page: Page; watch: Watch }> {
  const context = await browser().newContext({
    serviceWorkers,
    baseURL: inject('baseUrl'),
    viewport: PHONE,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    extraHTTPHeaders: { 'X-Forwarded-For': nextAddress() },
  });
  // Runs before the page's own scripts, in every document: each violation the page reports is kept.
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, watch: { violations: [], consoleErrors } };
}

async function collect(page: Page, watch: Watch) {
  watch.violations.push(...(await page.evaluate(() => window.cspViolations)));
}

describe('the content security policy', () => {
  it('reports an eval the page attempts (the watch works)', async () => {
    // No service worker: page.route never sees what one fetches.
    const { context, page, watch } = await strictPage('block');
    const answer = await page.goto('/login');
    expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    // What zod's probe did before it ran jitless: a caught `new Function` in a same-origin script. The browser
    // refuses it and reports it all the same.
    await page.route('**/csp-probe.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'try { new Function(""); } catch {}' }),
    );
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = '/csp-probe.js';
      document.head.append(script);
    });
    await expect.poll(() => page.evaluate(() => window.cspViolations.length)).toBeGreaterThan(0);
    await collect(page, watch);
    expect(watch.violations.join('\n')).toMatch(/^script-src eval /m);
    await context.close();
  });

  it('loads the login and reset pages and checks their forms with no violation and no console error', async () => {
    const { context, page, watch } = await strictPage();
    await page.goto('/login');
    // An empty submit runs the form's Zod checks, which load after the first paint.
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByText(VALIDATION_TEXTS.required).first().isVisible()).toBe(true);
    await page.getByLabel('Email').fill('not an address');
    await page.getByLabel('Password', { exact: true }).fill('something');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByText(VALIDATION_TEXTS.invalidEmail).isVisible()).toBe(true);
    await collect(page, watch);

    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByText(VALIDATION_TEXTS.required).first().isVisible()).toBe(true);
    await collect(page, watch);

    expect(watch.violations, 'CSP violations').toEqual([]);
    expect(watch.consoleErrors, 'console errors').toEqual([]);
    await context.close();
  });
});
