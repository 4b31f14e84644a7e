import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { fullScreenshot, openChrisWalker, visible } from './support/program-form';

// docs/product/programs-and-exercises.md: a draft at desktop size, a refused file, a save that refreshes its token,
// a conflicting save (409), and Delete from the view.

const browser = useBrowser();

describe('a draft program', () => {
  it('saves a draft, checks the form and the view at desktop size, and deletes from the view', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    const clientId = await openChrisWalker(page);
    await page.goto(`/program/add/${clientId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Create Program' }).isVisible())
      .toBe(true);
    await visible(page, 'Walker, Chris');
    await expectAccessible(page, 'create program form desktop');
    await screenshot(page, 'program-form-empty-desktop');

    await page.getByRole('button', { name: 'Publish Program' }).click();
    await visible(page, 'Please select at least one day of the week');
    await expectAccessible(page, 'create program form with errors desktop');
    await fullScreenshot(page, 'program-form-errors-desktop');

    // A draft skips the checks; the error messages stay until the fields are fixed.
    const name = `Draft plan ${Date.now()}`;
    await page.getByLabel('Program Name').fill(name);
    await page.getByLabel('Exercise Name').fill('Breathing');
    await page.getByLabel('Instructions').fill('Slow breaths for two minutes.');
    await page.getByRole('button', { name: 'Tuesday' }).click();
    await expect.poll(() => page.getByText('Please select at least one day of the week').count()).toBe(0);

    // A file that only claims to be a JPEG passes the quick check; the server reads its bytes and refuses it,
    // under the file input, and nothing typed is lost.
    await page.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is not a photo'),
    });
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await visible(page, 'Exercise creation failed: Invalid image file type');
    await visible(page, 'Invalid image file type');
    expect(await page.getByLabel('Image', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Program Name').inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Remove selected image' }).click();
    await expect.poll(() => page.getByText('Invalid image file type', { exact: true }).count()).toBe(0);
    await fullScreenshot(page, 'program-form-filled-desktop');

    // The save carries an access token the server no longer accepts: one refresh, then the same upload again.
    let staled = 0;
    await page.route('**/api/programs/', async (route) => {
      if (route.request().method() !== 'POST' || staled++ > 0) return route.continue();
      const headers = { ...route.request().headers(), authorization: 'Bearer expired.token.value' };
      return route.continue({ headers });
    });
    const saveStatuses: number[] = [];
    let refreshes = 0;
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname === '/api/programs/' && response.request().method() === 'POST') {
        saveStatuses.push(response.status());
      }
      if (pathname === '/api/token/refresh/') refreshes += 1;
    });
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await visible(page, 'Program saved as draft');
    expect(saveStatuses[0]).toBe(401);
    expect(saveStatuses[1]).toBeGreaterThanOrEqual(200);
    expect(saveStatuses[1]).toBeLessThan(300);
    expect(refreshes).toBe(1);
    await page.waitForURL(/\/program\/\d+\?date=/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
    await visible(page, 'Draft');
    await expectAccessible(page, 'program view desktop');
    await screenshot(page, 'program-draft-view-desktop');

    // Edit the draft and publish it.
    await page.getByRole('link', { name: 'Edit program' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Edit Program' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel('Program Name').inputValue()).toBe(name);
    await expectAccessible(page, 'edit program form desktop');
    await screenshot(page, 'program-form-edit-desktop');
    await page.getByRole('button', { name: 'Update & Publish' }).click();
    await visible(page, 'End date is required');
    await page.getByLabel('End Date').fill('2099-01-31');

    // Someone else saves the program meanwhile: this save answers 409 and keeps what was typed; saving again
    // replaces the other version, knowingly.
    const programId = Number(new URL(page.url()).pathname.split('/').pop());
    const otherSave = await page.evaluate(
      async ({ programId, clientId }) => {
        const refreshed = await fetch('/api/token/refresh/', { method: 'POST', credentials: 'include' });
        const { access } = (await refreshed.json()) as { access: string };
        const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
        const current = await (await fetch(`/api/programs/${programId}/`, { headers })).json();
        const body = { ...current, client_id: clientId, is_draft: true, exercises: undefined };
        const res = await fetch(`/api/programs/${programId}/`, {
          method: 'PUT',
          headers,
          body: JSON.stringify(body),
        });
        return res.status;
      },
      { programId, clientId: Number(clientId) },
    );
    expect(otherSave).toBe(200);
    await page.getByRole('button', { name: 'Update & Publish' }).click();
    await visible(
      page,
      'A conflict occurred during program update. The data may have been modified by another user. ' +
        'Your changes are still here: save again to replace the other version with yours.',
    );
    expect(await page.getByLabel('End Date').inputValue()).toBe('2099-01-31');
    await page.getByRole('button', { name: 'Update & Publish' }).click();
    await visible(page, 'Program updated and published');
    await page.waitForURL(/\/program\/\d+\?date=/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Delete program' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Program' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`**/client/${clientId}`);
    await expect.poll(() => page.getByRole('heading', { name, exact: true }).count()).toBe(0);
    await context.close();
  });
});
