import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoLogin, logIn, newContext, PHONE, useBrowser } from './support/browser';

const browser = useBrowser();
/** Profile reads only (/api/users/{id}/), not the client list (/api/users/clients/) the landing page loads. */
const profileRead = (url: URL) => /^\/api\/users\/\d+\/$/.test(url.pathname);

describe('access token refresh', () => {
  it('refreshes once when the server refuses a stale access token, then retries', async () => {
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');

    // The next profile read carries a token the server no longer accepts (as after 15 minutes).
    let staled = 0;
    await page.route(profileRead, async (route) => {
      if (staled++ > 0) return route.continue();
      const headers = { ...route.request().headers(), authorization: 'Bearer expired.token.value' };
      return route.continue({ headers });
    });
    const refreshes: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/token/refresh/')) refreshes.push(request);
    });
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (/\/api\/users\/\d+\/$/.test(response.url())) statuses.push(response.status());
    });

    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => page.getByText('Tara Nguyen').isVisible()).toBe(true);
    expect(statuses).toEqual([401, 200]);
    expect(refreshes).toHaveLength(1);
    await context.close();
  });

  it('signs the user out when the refresh cookie is no longer valid', async () => {
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    // The therapist: a client's /programs has already read (and cached) the profile for the reminders prompt.
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await context.clearCookies();
    await page.route(profileRead, (route) =>
      route.continue({
        headers: { ...route.request().headers(), authorization: 'Bearer expired.token.value' },
      }),
    );
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await context.close();
  });
});
