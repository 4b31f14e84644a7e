import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActiveClient, therapistToken } from './support/client-factory';
import {
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';
import {
  addButton,
  cardToggle,
  DESKTOP_800,
  openCreateProgram,
  pickerDialog,
  visible,
} from './support/library-picker';

const browser = useBrowser();
const fixtures = path.resolve(import.meta.dirname, 'fixtures');

describe('exercise library', () => {
  it('keeps the picker and the Library page usable by keyboard, at phone and desktop size', async () => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, `Shelf${Date.now()}`);
    for (const viewport of [PHONE, DESKTOP_800]) {
      const size = viewport === PHONE ? 'phone' : 'desktop';
      const browserContext = await newContext(browser(), viewport);
      const page = await browserContext.newPage();
      await logIn(page, demoLogin('therapist'));
      await page.waitForURL('**/clients');

      // The Library page from the navigation: starter items say so and have no Edit or Remove.
      await page.getByRole('link', { name: 'Library', exact: true }).click();
      await page.waitForURL('**/library');
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'Exercise Library' }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByText('Showing 25 of', { exact: false }).isVisible()).toBe(true);
      const starter = page.getByRole('listitem').filter({ hasText: 'Big arm swings' });
      await expect
        .poll(() => starter.getByText('Starter library').isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await starter.getByRole('button').count()).toBe(0);
      await expectAccessible(page, `library page ${size}`);
      await screenshot(page, `library-page-${size}`);

      // Add an exercise of the clinic's own, with a photo and a dosage; then edit it and remove it.
      const name = `Wall push ${size} ${Date.now()}`;
      await page.getByRole('button', { name: 'Add exercise' }).click();
      const form = page.getByRole('dialog', { name: 'Add exercise' });
      await expect.poll(() => form.isVisible()).toBe(true);
      await form.getByLabel('Exercise Name', { exact: true }).fill(name);
      await form.getByLabel('Instructions', { exact: true }).fill('Lean on the wall and push back, slowly.');
      await form.getByLabel('Tags').fill('Upper limb, strength');
      await form.getByLabel('Sets').fill('2');
      await form.getByLabel('Reps').fill('12');
      await form.getByLabel('Side').selectOption('both');
      await form.getByLabel('Photo', { exact: true }).setInputFiles(path.join(fixtures, 'exercise.jpg'));
      await expectAccessible(page, `add library exercise ${size}`);
      await screenshot(page, `library-add-${size}`);
      await form.getByRole('button', { name: 'Add Exercise' }).click();
      await visible(page, `${name} is in your library now.`);
      await page.getByLabel('Search', { exact: true }).fill(name.split(' ').slice(0, 3).join(' '));
      const row = page.getByRole('listitem').filter({ hasText: name });
      await expect
        .poll(() => row.getByText('2 sets of 12 · both sides').isVisible(), { timeout: 10_000 })
        .toBe(true);
      await expect
        .poll(() =>
          row.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);

      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit exercise' });
      await expect.poll(() => edit.getByLabel('Exercise Name', { exact: true }).inputValue()).toBe(name);
      expect(await edit.getByLabel('Tags').inputValue()).toBe('upper limb, strength');
      await edit.getByLabel('Reps').fill('200');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect
        .poll(() => edit.getByText('Enter a whole number from 1 to 100.').first().isVisible())
        .toBe(true);
      await edit.getByLabel('Reps').fill('15');
      // The clinic's own Spanish: instructions without a name are refused on the name, then saved with one.
      await edit.getByText('Translations (optional)').click();
      const spanishName = edit.getByLabel('Exercise name in Español');
      await edit.getByLabel('Instructions in Español').fill('Apóyese en la pared y empuje despacio.');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect
        .poll(() =>
          edit
            .getByText("Give the exercise's name in this language too, or clear its instructions.")
            .isVisible(),
        )
        .toBe(true);
      expect(await spanishName.evaluate((input) => document.activeElement === input)).toBe(true);
      await spanishName.fill('Empuje en la pared');
      await screenshot(page, `library-translations-${size}`);
      if (viewport === PHONE) await expectAccessible(page, 'library exercise translations phone');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await visible(page, 'Changes saved.');
      await expect.poll(() => row.getByText('2 sets of 15 · both sides').isVisible()).toBe(true);
      // Kept: the next edit opens with its translations shown.
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      await expect
        .poll(() => edit.getByLabel('Exercise name in Español').inputValue())
        .toBe('Empuje en la pared');
      expect(await edit.getByLabel('Exercise name in Español').isVisible()).toBe(true);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => edit.count()).toBe(0);

      await row.getByRole('button', { name: `Remove ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove exercise' });
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await visible(page, `${name} was removed from your library.`);
      await expect.poll(() => row.count()).toBe(0);

      // The picker by keyboard: focus starts in the search box, chips are toggles, more items load, Escape closes
      // and gives the focus back.
      await page.goto(`/client/${client.id}`);
      await openCreateProgram(page, null);
      const open = page.getByRole('button', { name: 'Add from library' });
      await open.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('library-picker-q');
      const dialog = pickerDialog(page);
      await expect
        .poll(() => dialog.getByRole('status').first().textContent())
        .toMatch(/^Showing 25 of \d+ exercises\.$/);
      await dialog.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => dialog.getByRole('status').first().textContent()).toMatch(/^\d+ exercises\.$/);
      // The most used tags show first; the rest are behind More tags.
      const vestibular = dialog.getByRole('button', { name: 'vestibular', exact: true });
      expect(await vestibular.count()).toBe(0);
      const moreTags = dialog.getByRole('button', { name: /^More tags/ });
      expect(await moreTags.getAttribute('aria-expanded')).toBe('false');
      await moreTags.click();
      await vestibular.click();
      expect(await vestibular.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => dialog.getByRole('status').first().textContent()).toMatch(/^\d exercises?\.$/);
      await addButton(page, 'Head turns while looking at a target').click();
      await addButton(page, 'Head nods while looking at a target').click();
      await expect
        .poll(() => dialog.getByRole('button', { name: 'Done · 2 exercises added' }).count())
        .toBe(1);
      await expectAccessible(page, `library picker with a tag ${size}`);
      await screenshot(page, `library-picker-tag-${size}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe('Add from library');
      // The added exercises replaced the empty one, closed; a new exercise opens to be filled in.
      expect(await cardToggle(page, 1).textContent()).toContain('Head turns while looking at a target');
      expect(await cardToggle(page, 2).getAttribute('aria-expanded')).toBe('false');
      await screenshot(page, `library-form-cards-${size}`, cardToggle(page, 2));
      await page.getByRole('button', { name: 'Add An Exercise' }).click();
      expect(await cardToggle(page, 3).getAttribute('aria-expanded')).toBe('true');
      expect(await cardToggle(page, 1).getAttribute('aria-expanded')).toBe('false');
      await cardToggle(page, 1).focus();
      await page.keyboard.press('Enter');
      expect(await cardToggle(page, 1).getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page, `program form with cards ${size}`);
      await screenshot(page, `library-form-open-card-${size}`, cardToggle(page, 1));
      await browserContext.close();
    }
  });
});
