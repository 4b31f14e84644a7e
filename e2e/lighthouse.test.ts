import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BROWSER_FLAGS, demoLogin, logIn, PHONE } from './support/browser';
import { nextAddress } from './support/addresses';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// Lighthouse drives the same Chromium through its debugging port, in the profile where the client signed in, so
// it audits the signed-in page. Storage is kept (no reset), so it measures a returning client's visit.
describe('Lighthouse on the client programs page and the login page', () => {
  let context: BrowserContext;
  let port = 0;
  let profile = '';

  beforeAll(async () => {
    port = await freePort();
    profile = mkdtempSync(path.join(os.tmpdir(), 'hep-lighthouse-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: [...BROWSER_FLAGS, `--remote-debugging-port=${port}`],
      baseURL: inject('baseUrl'),
      viewport: PHONE,
      locale: 'en-AU',
      timezoneId: 'Australia/Sydney',
      extraHTTPHeaders: { 'X-Forwarded-For': nextAddress() },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await logIn(page, demoLogin('client'));
    await page.waitForURL('**/programs');
    await page.locator('h1').first().waitFor();
  });

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('scores 100 for accessibility on a phone', async () => {
    const result = await lighthouse(
      `${inject('baseUrl')}/programs`,
      { port, logLevel: 'error', output: 'json' },
      {
        extends: 'lighthouse:default',
        settings: {
          onlyCategories: ['accessibility', 'performance'],
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
          disableStorageReset: true,
        },
      },
    );
    expect(result, 'a Lighthouse result').toBeDefined();
    const { categories, audits, finalDisplayedUrl } = result!.lhr;
    expect(finalDisplayedUrl, 'still signed in').toMatch(/\/programs$/);
    const failed = Object.values(audits)
      .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .filter((a) => categories.accessibility?.auditRefs.some((ref) => ref.id === a.id))
      .map((a) => `${a.id}: ${a.title}`);
    const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
    console.log(
      [
        `Lighthouse /programs (client, mobile, simulated throttling, warm service worker)`,
        `accessibility ${score(categories.accessibility?.score)}`,
        `performance ${score(categories.performance?.score)}`,
        `LCP ${Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)} ms`,
        `CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
        `TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
      ].join(', '),
    );
    expect(failed, 'failed accessibility audits').toEqual([]);
    expect(score(categories.accessibility?.score)).toBe(100);
  });

  // After the signed-in audit: without the session's cookie and stored user, this is a first visit to /login under the
  // server's real content security policy (docs/product/security-and-privacy.md#headers).
  it('scores 100 for best practices on the login page', async () => {
    await context.clearCookies();
    await context.pages()[0]!.evaluate(() => localStorage.clear());
    const result = await lighthouse(
      `${inject('baseUrl')}/login`,
      { port, logLevel: 'error', output: 'json' },
      {
        extends: 'lighthouse:default',
        settings: { onlyCategories: ['best-practices'], formFactor: 'mobile', throttlingMethod: 'simulate' },
      },
    );
    expect(result, 'a Lighthouse result').toBeDefined();
    const { categories, audits, finalDisplayedUrl } = result!.lhr;
    expect(finalDisplayedUrl, 'the login page, signed out').toMatch(/\/login$/);
    const failed = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1)
      .filter((a) => categories['best-practices']?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
      .map((a) => `${a.id}: ${a.title} ${JSON.stringify(a.details)}`);
    console.log(
      `Lighthouse /login best practices ${Math.round((categories['best-practices']?.score ?? 0) * 100)}`,
    );
    expect(failed, 'failed best-practices audits').toEqual([]);
    expect(categories['best-practices']?.score).toBe(1);
  });
});
