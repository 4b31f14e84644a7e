import { describe, expect, it } from 'vitest';
import { demoLogin, expectAccessible, logIn, newContext, screenshot, useBrowser } from './support/browser';
import { therapistToken } from './support/client-factory';
import { addClient, createProgramWithMedia } from './support/program-with-media';
import { exercise, fullScreenshot, todayIn, visible } from './support/program-form';

// docs/product/programs-and-exercises.md#replicate and #program-form: Replicate with the media carried over, Edit
// with the unsaved-changes guard and the draft saved before an inactivity logout, and Delete from the client page.

const browser = useBrowser();

describe('replicating and editing a program', () => {
  it('replicates a program with its photo and video, edits the copy, and deletes both on a phone', async () => {
    const token = await therapistToken();
    const clientId = await addClient(token, `Replica${Date.now()}`);
    const name = `Balance builder ${Date.now()}`;
    const program = await createProgramWithMedia(token, clientId, {
      name,
      start_date: '2025-01-06',
      end_date: '2099-12-31',
      days: ['MON', 'WED', 'FRI'],
      exercises: [
        { name: 'Heel raises', instructions: 'Hold the bench.\nRise onto your toes 10 times.', photo: true },
        { name: 'Sit to stand', instructions: 'Stand up from a firm chair without your hands.', video: true },
      ],
    });
    const programId = String(program.id);
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    const today = await todayIn(page);

    // Replicate from the client page: "(Copy)", starting today, no end date, the media carried over.
    await page.goto(`/client/${clientId}`);
    await page.getByRole('button', { name: `Program actions for ${name}`, exact: true }).click();
    await page.getByRole('link', { name: 'Replicate' }).click();
    await page.waitForURL(`**/program/duplicate/${clientId}/${programId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Replicate Program' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel('Program Name').inputValue()).toBe(`${name} (Copy)`);
    expect(await page.getByLabel('Start Date').inputValue()).toBe(today);
    expect(await page.getByLabel('End Date').inputValue()).toBe('');
    expect(await exercise(page, 0).getByLabel('Keep existing image').isChecked()).toBe(true);
    expect(await exercise(page, 1).getByLabel('Keep existing video').isChecked()).toBe(true);
    await expectAccessible(page, 'replicate program form');
    await fullScreenshot(page, 'program-form-replicate-phone');
    await page.getByLabel('End Date').fill('2099-06-30');
    await page.getByRole('button', { name: 'Publish Program' }).click();
    await visible(page, 'Program published successfully');
    await page.waitForURL(
      (url) => /^\/program\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${programId}`),
    );
    const copyId = new URL(page.url()).pathname.split('/').pop()!;
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: `${name} (Copy)` }).isVisible())
      .toBe(true);
    const copiedPhoto = page.getByRole('img', { name: 'Heel raises' });
    await expect
      .poll(() => copiedPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await page.getByRole('button', { name: 'Sit to stand' }).click();
    await expect.poll(() => page.locator('video').count()).toBe(1);

    // Edit: leaving with unsaved changes asks first; Stay on Page keeps them, Leave Page drops them.
    await page.goto(`/program/edit/${clientId}/${copyId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Edit Program' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel('Program Name').inputValue()).toBe(`${name} (Copy)`);
    expect(await page.getByLabel('End Date').inputValue()).toBe('2099-06-30');
    expect(await page.getByRole('button', { name: 'Update & Publish' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Changes' }).isVisible()).toBe(true);
    await expectAccessible(page, 'edit program form');
    await screenshot(page, 'program-form-edit-phone');
    await page.getByLabel('Program Name').fill(`${name} (edited)`);
    await page.getByRole('link', { name: 'Clients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('You have unsaved changes. Are you sure you want to leave?');
    await page.getByRole('button', { name: 'Stay on Page' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByLabel('Program Name').inputValue()).toBe(`${name} (edited)`);

    // The inactivity logout announces itself: the unsaved edit is saved as a draft first.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('beforeLogout')));
    await visible(page, 'Draft saved successfully before logout');
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Leave Page' }).click();
    await page.waitForURL('**/clients');

    // Delete both from the client page; the copy now carries the edited name and is a draft.
    await page.goto(`/client/${clientId}`);
    const editedCard = page.getByRole('article', { name: `${name} (edited)` });
    await expect.poll(() => editedCard.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    for (const programName of [`${name} (edited)`, name]) {
      await page.getByRole('button', { name: `Program actions for ${programName}`, exact: true }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Program' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect.poll(() => confirm.isVisible()).toBe(false);
      await expect.poll(() => page.getByRole('heading', { name: programName, exact: true }).count()).toBe(0);
    }
    await context.close();
  });
});
