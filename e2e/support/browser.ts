import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
  chromium,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { nextAddress } from './addresses';

export { BROWSER_FLAGS } from './browser-server';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
/** A 1280 x 800 laptop at 200% zoom: 640 x 400 CSS px. */
export const ZOOMED = { width: 640, height: 400 };

export async function newContext(
  browser: Browser,
  viewport = PHONE,
  /**
   * 'allow' for the journeys about the service worker (offline, installing, push). Blocked otherwise: each new
   * context would install it and precache the whole app, which cost a third of the browser's CPU time in every
   * journey (docs/decisions/023-ci-in-twenty-minutes.md); page.route also never sees what the worker fetches.
   */
  options: { serviceWorkers?: 'allow' | 'block'; deviceScaleFactor?: number } = {},
): Promise<BrowserContext> {
  // bypassCSP lets axe-core be injected; the app itself runs under the server's real policy.
  return browser.newContext({
    baseURL: inject('baseUrl'),
    viewport,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    bypassCSP: true,
    serviceWorkers: options.serviceWorkers ?? 'block',
    deviceScaleFactor: options.deviceScaleFactor,
    extraHTTPHeaders: { 'X-Forwarded-For': nextAddress() },
  });
}

export function demoLogin(role: 'staff' | 'therapist' | 'client') {
  const login = inject('demoLogins').find((l) => l.role === role);
  if (!login) throw new Error(`no demo ${role}`);
  return login;
}

export async function logIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * axe-core on the current page: no serious or critical violation, or none of any impact with `everyImpact` (the
 * client's pages: docs/product/session.md#accessibility). It first lets running CSS transitions finish (a dialog
 * fading in, a hovered button changing colour), so that contrast is measured on resting colours.
 */
export async function expectAccessible(page: Page, label: string, { everyImpact = false } = {}) {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  // Once per document: the app's own navigations keep the document, and axe-core need not be parsed again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      impact: v.impact,
      text: `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    }));
  });
  const counted = violations.filter((v) => everyImpact || v.impact === 'serious' || v.impact === 'critical');
  expect(
    counted.map((v) => v.text),
    `${label} accessibility${everyImpact ? ' (every impact)' : ''}`,
  ).toEqual([]);
}

/**
 * What a download saved, read through the connection: the lane's browser belongs to another process
 * (support/browser-server.ts), so the file's path on disk is not ours to read.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A screenshot of the viewport, scrolled to `focus` when given (the bottom bar is fixed over long pages). */
export async function screenshot(page: Page, name: string, focus?: Locator) {
  mkdirSync(screenshotDir, { recursive: true });
  if (focus) await focus.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

/**
 * The lane's browser for the test file: connected to before its tests; after them, closing the connection closes
 * every context the file opened. The lane launches one Chromium (support/global-setup.ts) instead of one per file.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}
