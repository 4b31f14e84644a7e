import type { TLibraryExercise, TLibraryPage } from '@hep/shared/schemas/library';
import { describe, expect, inject, it } from 'vitest';
import { demoLogin, expectAccessible, logIn, newContext, screenshot, useBrowser } from './support/browser';
import { addClient } from './support/program-with-media';
import { api, createActiveClient, createProgram, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { controlsOffScreen, expectFullyShown } from './session-helpers';

const browser = useBrowser();

/** Every starter item, page by page, as the library page lists them. */
async function starterItems(therapist: string): Promise<TLibraryExercise[]> {
  const items: TLibraryExercise[] = [];
  for (let page: number | null = 1; page !== null;) {
    const res: { status: number; body: TLibraryPage } = await api<TLibraryPage>(
      therapist,
      `/library/exercises/?page=${page}`,
    );
    expect(res.status).toBe(200);
    items.push(...res.body.results.filter((item) => item.starter));
    page = res.body.next;
  }
  return items;
}

// docs/product/library-and-templates.md#starter-pictures
describe('starter pictures', () => {
  it('gives every starter exercise a picture, served as SVG and printed on the handout', async () => {
    const therapist = await therapistToken();
    const items = await starterItems(therapist);
    expect(items.length).toBeGreaterThanOrEqual(47);
    for (const item of items) {
      expect(item.image_url, item.name).toMatch(/^\/api\/media\/\d+\//);
      const picture = await fetch(`${inject('baseUrl')}${item.image_url}`);
      expect(picture.status, item.name).toBe(200);
      expect(picture.headers.get('content-type'), item.name).toBe('image/svg+xml');
      expect(await picture.text(), item.name).toContain(`<title id="title">${item.name}</title>`);
    }

    // A program of all of them, by reference, printed: every picture drawn on the page.
    const clientId = await addClient(therapist, `Pictures${Date.now()}`);
    const program = await createProgram(therapist, clientId, {
      name: `Every starter picture ${Date.now()}`,
      start_date: sydneyDate(),
      end_date: sydneyDate(27),
      exercises: items.map((item) => ({
        name: item.name,
        instructions: item.instructions,
        image_media_id: item.image_media_id,
      })),
    });
    expect(program.exercises.every((e, i) => e.image_media_id === items[i]!.image_media_id)).toBe(true);

    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${program.id}/print`);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('img.print-exercise-photo')]
            .filter((img) => img.complete && img.naturalWidth > 0)
            .map((img) => img.alt),
        ),
      )
      .toEqual(items.map((item) => item.name));
    await expectAccessible(page, 'print page with starter pictures');
    await screenshot(page, 'starter-pictures-print-phone', page.locator('.print-exercise').nth(7));
    await context.close();
  });

  it('shows the client each starter exercise’s picture in the session, with the effort and I did it! on one screen', async () => {
    const therapist = await therapistToken();
    const items = (await starterItems(therapist)).filter((item) =>
      ['Sit to stand', 'Heel raises', 'Cheek puffs'].includes(item.name),
    );
    expect(items.map((item) => item.name).sort()).toEqual(['Cheek puffs', 'Heel raises', 'Sit to stand']);
    const client = await createActiveClient(therapist, `Drawn${Date.now()}`);
    const program = await createProgram(therapist, client.id, {
      name: 'Pictures in the session',
      start_date: sydneyDate(),
      end_date: sydneyDate(27),
      exercises: items.map((item) => ({
        name: item.name,
        instructions: item.instructions,
        image_media_id: item.image_media_id,
      })),
    });

    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, client);
    await page.waitForURL(/\/(programs|terms)/);
    await page.goto(`/program/${program.id}/session`);
    for (const [index, item] of items.entries()) {
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: item.name, exact: true }).isVisible())
        .toBe(true);
      const picture = page.getByRole('img', { name: item.name, exact: true });
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expectFullyShown(page, picture, `${item.name}: picture`);
      expect(await controlsOffScreen(page), item.name).toBe(0);
      if (index === 0) {
        await expectAccessible(page, 'session with a starter picture');
        await screenshot(page, 'starter-pictures-session-phone');
      }
      await page.getByRole('radio', { name: /^4 / }).check();
      await page.getByRole('button', { name: 'I did it!' }).click();
    }
    await context.close();
  });
});
