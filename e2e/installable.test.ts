import { format, parseISO } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays } from '@hep/shared/domain/day-status';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, logIn, newContext, PHONE, screenshot, useBrowser } from './support/browser';
import { createActiveClient, createProgram, therapistToken, type TestClient } from './support/client-factory';
import { sydneyDate } from './support/dates';

// docs/product/session.md#installable-app and #offline: the manifest and its icons, the service worker's app shell,
// the client's week from the worker's cache when the phone is offline, and nothing of the user's kept after logout.

const browser = useBrowser();
const SOON = { timeout: 15_000 };
const PROGRAM_NAME = 'Offline balance';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's header (the IHDR chunk follows the 8-byte signature). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString('hex'), 'PNG signature').toBe('89504e470d0a1a0a');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/**
 * Names of the caches and the URLs each holds, as the page sees them (without the revision Workbox adds to the
 * precached files whose names carry no hash).
 */
function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      contents[name] = keys.map((request) => {
        const url = new URL(request.url);
        url.searchParams.delete('__WB_REVISION__');
        return url.pathname + url.search;
      });
    }
    return contents;
  });
}

/** Workbox's precache of the app shell (docs/decisions/022-workbox-service-worker.md). */
const isShell = (name: string) => name.startsWith('workbox-precache-');

const apiAnswersIn = (contents: Record<string, string[]>) =>
  Object.values(contents)
    .flat()
    .filter((url) => url.startsWith('/api/'));

/** Waits until the service worker controls the page. */
async function waitForWorker(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), SOON).toBe(true);
}

/** Signs in and waits for the week, with the service worker in charge and the week's answers kept by it. */
async function weekKeptOffline(context: BrowserContext, client: TestClient): Promise<Page> {
  const page = await context.newPage();
  await logIn(page, client);
  await page.waitForURL('**/programs');
  await expect.poll(() => page.getByText(PROGRAM_NAME).first().isVisible(), SOON).toBe(true);
  await waitForWorker(page);
  // Seen once with the worker in charge, the week is kept.
  await page.reload();
  await expect.poll(() => page.getByText(PROGRAM_NAME).first().isVisible(), SOON).toBe(true);
  await expect
    .poll(
      async () => apiAnswersIn(await cacheContents(page)).some((url) => url.startsWith('/api/programs/?')),
      SOON,
    )
    .toBe(true);
  return page;
}

describe('installable and offline', () => {
  let client: TestClient;
  let today = '';

  beforeAll(async () => {
    const therapist = await therapistToken();
    today = sydneyDate();
    client = await createActiveClient(therapist, `Offline${Date.now()}`);
    await createProgram(therapist, client.id, {
      name: PROGRAM_NAME,
      start_date: addDays(today, -3),
      end_date: addDays(today, 20),
      exercises: ['Heel raises'],
    });
  });

  it('links a web app manifest whose icons are PNGs of the sizes it says', async () => {
    const context = await newContext(browser(), PHONE, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b6e69');
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');

    const response = await page.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Home Exercise Program',
      short_name: 'Exercises',
      start_url: '/programs',
      display: 'standalone',
      theme_color: '#0b6e69',
      background_color: '#f6f8f8',
    });
    const kinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort();
    expect(kinds).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const icons = [...manifest.icons, { src: appleIcon!, sizes: '180x180', type: 'image/png' }];
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
    }
    // Chromium reads the same manifest, and finds nothing that stops an install but the test's private window.
    const cdp = await context.newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(read.url).toBe(`${inject('baseUrl')}/manifest.webmanifest`);
    expect(read.errors).toEqual([]);
    const installErrors = async () => {
      const answer = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      return answer.installabilityErrors.map((error) => error.errorId);
    };
    await expect.poll(installErrors, SOON).toEqual(['in-incognito']);
    await context.close();
  });

  it("shows a client this week's programs offline, and keeps nothing after logout", async () => {
    const context = await newContext(browser(), PHONE, { serviceWorkers: 'allow' });
    const page = await weekKeptOffline(context, client);

    // The shell of this build is kept: the page, its entry files and the icons.
    const kept = await cacheContents(page);
    const shellName = Object.keys(kept).find(isShell);
    expect(shellName, 'the shell cache').toBeTruthy();
    const shell = kept[shellName!]!;
    expect(shell).toEqual(
      expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']),
    );
    const entry = await page.locator('script[type="module"]').first().getAttribute('src');
    expect(shell).toContain(entry);
    // Kept by URL alone: no request header (the bearer token) is written to disk.
    const storedAuthorization = await page.evaluate(async () => {
      const requests = await (await caches.open('hep-user-data')).keys();
      return requests.map((request) => request.headers.get('authorization'));
    });
    expect(storedAuthorization.length).toBeGreaterThan(0);
    expect(storedAuthorization.every((value) => value === null)).toBe(true);

    await context.setOffline(true);
    // Really offline, the worker's own fetches included: a call it would pass on to the server fails.
    const probe = await page.evaluate(() =>
      fetch('/api/programs/999999999/').then(
        (r) => `answered ${r.status}`,
        () => 'no network',
      ),
    );
    expect(probe).toBe('no network');
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Programs' }).isVisible(), SOON)
      .toBe(true);
    const todayRegion = page.getByRole('region', { name: format(parseISO(today), 'EEEE d MMMM') });
    await expect.poll(() => todayRegion.getByText(PROGRAM_NAME).isVisible(), SOON).toBe(true);
    // Still signed in: the refresh could not reach the server, which is not a refusal.
    expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBe(String(client.id));
    expect(await page.getByText('Hello, Wendy').isVisible()).toBe(true);
    await expectAccessible(page, 'programs offline');
    await screenshot(page, 'programs-offline-phone', todayRegion);

    // Back online, the session carries on: the next call gets a fresh token with the refresh cookie.
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/token/refresh/') && r.status() === 200,
    );
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Profile' }).click();
    await refreshed;
    const signOut = page.getByRole('button', { name: 'Sign Out', exact: true });
    await expect.poll(() => signOut.isVisible(), SOON).toBe(true);
    await signOut.click();
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible(), SOON).toBe(true);
    await expect.poll(async () => apiAnswersIn(await cacheContents(page)), SOON).toEqual([]);
    // The app shell stays: it holds no one's data.
    expect(Object.keys(await cacheContents(page))).toContain(shellName);
    await context.close();
  });

  it('signs out at start when the server refuses the refresh, and deletes what was kept', async () => {
    const context = await newContext(browser(), PHONE, { serviceWorkers: 'allow' });
    const page = await weekKeptOffline(context, client);
    await context.clearCookies();
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible(), SOON).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull();
    await expect.poll(async () => apiAnswersIn(await cacheContents(page)), SOON).toEqual([]);
    await context.close();
  });

  it("deletes older builds' caches when a new worker takes over, keeping its own and the user's data", async () => {
    const context = await newContext(browser(), PHONE, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/');
    await waitForWorker(page);
    // One build's shell as the worker before Workbox kept it (docs/decisions/018-offline-shell-and-cache.md), and
    // the pages' files another build kept as they loaded.
    const OLD_SHELL = 'hep-shell-0123456789ab';
    const OLD_ASSETS = 'hep-assets-0123456789ab';
    await page.evaluate(
      async (old) => {
        for (const name of old)
          await (await caches.open(name)).put('/assets/old-page.js', new Response('old'));
        await (await caches.open('hep-user-data')).put('/api/programs/1/', new Response('{}'));
      },
      [OLD_SHELL, OLD_ASSETS],
    );
    const current = Object.keys(await cacheContents(page)).filter(isShell);
    expect(current).toHaveLength(1);

    // A worker from another script URL installs and activates as a new build's would.
    const scriptUrl = await page.evaluate(async () => {
      const changed = new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
      await navigator.serviceWorker.register('/service-worker.js?next');
      await changed;
      return navigator.serviceWorker.controller?.scriptURL;
    });
    expect(scriptUrl).toBe(`${inject('baseUrl')}/service-worker.js?next`);
    // The page changes hands as the new worker starts activating; the old caches go once activation is done. This
    // build's own `hep-assets-<build>` (the pages' files loaded after the shell) may be there too. Names only:
    // opening a cache the worker has just deleted would make it again.
    const kept = async () =>
      (await page.evaluate(() => caches.keys()))
        .filter((name) => name === OLD_ASSETS || !name.startsWith('hep-assets-'))
        .sort();
    await expect.poll(kept, SOON).toEqual([current[0], 'hep-user-data'].sort());
    const after = await cacheContents(page);
    expect(after[current[0]!]).toContain('/index.html');
    expect(after['hep-user-data']).toEqual(['/api/programs/1/']);
    await context.close();
  });
});
