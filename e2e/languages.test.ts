import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, createActiveClient, createProgram, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { collectData, untranslatedTexts } from './support/untranslated';

// Every client in their own language (docs/product/languages.md): the signed-out pages' switch, and a client whose
// account says Arabic reading the app right to left, in Arabic only, even before the rest of the catalog arrives.

const browser = useBrowser();

describe('languages', () => {
  it('switches the login page to Spanish, and keeps the choice after a reload', async () => {
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(() => page.title()).toMatch(/^Iniciar sesión/);

    await page.reload();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.getByLabel('Idioma').inputValue()).toBe('es');
    await screenshot(page, 'languages-login-es-phone');
    await context.close();
  });

  it("shows an Arabic client's programs right to left, with no English, from the catalog's first part, and passes axe-core", async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, 'Haddad');
    // The client's own My Details save, as the profile form sends it.
    const changed = await api(client.token, `/users/${client.id}/`, {
      method: 'PUT',
      body: {
        email: client.email,
        first_name: client.firstName,
        last_name: client.lastName,
        mobile: '0400 123 456',
        date_of_birth: '1961-05-04',
        language: 'ar',
      },
    });
    expect(changed.status, 'set the language').toBe(200);
    await createProgram(therapist, client.id, {
      name: 'برنامج المشي',
      start_date: sydneyDate(),
      end_date: sydneyDate(14),
      exercises: [{ name: 'الوقوف على قدم واحدة', instructions: 'قف بجانب الطاولة.' }],
    });

    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      collectData(page);
      await logIn(page, client);
      await page.waitForURL('**/programs');
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // On the phone, the client comes back to /programs with the catalog's second part refused: the page must be
      // whole with the first part alone (docs/decisions/027-lingui-catalogs.md), or a text would show as its id, and
      // it does not even ask for the second part (docs/decisions/032-first-paint-and-after.md).
      const refused: string[] = [];
      if (viewport === PHONE) {
        await context.route(/\/assets\/[\w-]+\.rest-[\w-]+\.js$/, (route) => {
          refused.push(route.request().url());
          return route.abort();
        });
        await page.reload();
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText('برنامج المشي').first().waitFor();
      expect(await untranslatedTexts(page)).toEqual([]);
      if (viewport === PHONE) expect(refused).toEqual([]);
      // Bootstrap's right-to-left stylesheet: the page's text starts at the right.
      expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
      await screenshot(page, `languages-programs-ar-${name}`);
      if (viewport === PHONE) await expectAccessible(page, 'programs in Arabic', { everyImpact: true });
      await context.close();
    }
  });
});
