import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createActiveClient, therapistToken } from './support/client-factory';
import {
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  PHONE,
  screenshot,
  useBrowser,
} from './support/browser';

const browser = useBrowser();
const fixtures = path.resolve(import.meta.dirname, 'fixtures');
const DESKTOP_800 = { width: 1280, height: 800 };

/**
 * Every tap and keystroke the journey makes, counted as a person on a phone would make them: a tap on a button,
 * link or chip; a tap into a field (or on its clear button) and one keystroke a character typed.
 */
class InputCounter {
  taps = 0;
  keys = 0;
  constructor(private readonly page: Page) {}

  async tap(target: Locator) {
    this.taps += 1;
    await target.click();
  }

  async fill(target: Locator, text: string) {
    this.taps += 1;
    this.keys += text.length;
    await target.fill(text);
  }

  /** Typing into the field that has the focus already. */
  async type(text: string) {
    this.keys += text.length;
    await this.page.keyboard.type(text);
  }
}

async function visible(page: Page, text: string) {
  await expect
    .poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 })
    .toBe(true);
}

function pickerDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Add from library' });
}

/** The Add button of one result in the picker (its name says which exercise it adds). */
function addButton(page: Page, name: string) {
  return pickerDialog(page).getByRole('button', { name: `Add ${name}`, exact: true });
}

/** The button that opens and closes an exercise card of the form. */
function cardToggle(page: Page, position: number) {
  return page
    .getByRole('group', { name: `Exercise ${position}`, exact: true })
    .getByRole('button', { name: new RegExp(`^Exercise ${position}: `) });
}

async function openCreateProgram(page: Page, counter: InputCounter | null) {
  const link = page.getByRole('link', { name: '+ Add Program' });
  if (counter) await counter.tap(link);
  else await link.click();
  await page.waitForURL(/\/program\/add\/\d+$/);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'Create Program' }).isVisible())
    .toBe(true);
}

describe('exercise library', () => {
  it('prescribes a program of five library exercises on a phone in few taps and keystrokes', async (context) => {
    const therapist = await therapistToken();
    const client = await createActiveClient(therapist, `Library${Date.now()}`);
    const browserContext = await newContext(browser(), PHONE);
    const page = await browserContext.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/client/${client.id}`);
    await expect
      .poll(() => page.getByRole('link', { name: '+ Add Program' }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    // From opening Create Program to "published", every tap and keystroke is counted.
    const counter = new InputCounter(page);
    await openCreateProgram(page, counter);
    const name = 'Balance plan';
    await counter.fill(page.getByLabel('Program Name'), name);
    await counter.tap(page.getByRole('button', { name: 'Add from library' }));
    await expect.poll(() => pickerDialog(page).isVisible()).toBe(true);
    // The search box has the focus: typing starts the search at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('library-picker-q');
    await counter.type('stand');
    await expect
      .poll(() => addButton(page, 'Standing on one leg').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expectAccessible(page, 'library picker');
    await screenshot(page, 'library-picker-phone');
    for (const exercise of ['Sit to stand', 'Standing with feet together', 'Standing on one leg']) {
      await counter.tap(addButton(page, exercise));
      // The button now says so, and so does its name.
      await expect
        .poll(() =>
          pickerDialog(page)
            .getByRole('button', { name: `Added ${exercise}`, exact: true })
            .count(),
        )
        .toBe(1);
    }
    // Not counted, not part of the journey: a second press on an added one adds nothing (Done still says 5).
    await pickerDialog(page).getByRole('button', { name: 'Added Sit to stand', exact: true }).focus();
    await page.keyboard.press('Enter');
    // A new search: one tap on the box (its clear button), then the new words.
    const searchBox = pickerDialog(page).getByLabel('Search', { exact: true });
    await counter.fill(searchBox, 'heel to');
    await counter.tap(addButton(page, 'Heel to toe stance'));
    // A tag chip filters by itself once the words are cleared.
    await counter.fill(searchBox, '');
    const gait = pickerDialog(page).getByRole('button', { name: 'gait', exact: true });
    await counter.tap(gait);
    expect(await gait.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => addButton(page, 'Step taps').isVisible(), { timeout: 10_000 }).toBe(true);
    await counter.tap(addButton(page, 'Step taps'));
    const done = pickerDialog(page).getByRole('button', { name: 'Done · 5 exercises added' });
    await screenshot(page, 'library-picker-added-phone');
    await counter.tap(done);
    await expect.poll(() => pickerDialog(page).count()).toBe(0);

    // Five closed cards: number, name and dosage in words each; the empty first exercise made way.
    for (let position = 1; position <= 5; position += 1) {
      expect(await cardToggle(page, position).getAttribute('aria-expanded')).toBe('false');
    }
    expect(await cardToggle(page, 1).textContent()).toContain('Sit to stand');
    expect(await page.getByRole('group', { name: 'Exercise 6', exact: true }).count()).toBe(0);
    await screenshot(page, 'library-form-cards-phone', cardToggle(page, 3));

    await counter.fill(page.getByLabel('End Date'), '2099-12-31');
    for (const day of ['Monday', 'Wednesday', 'Friday'])
      await counter.tap(page.getByRole('button', { name: day }));
    await counter.tap(page.getByRole('button', { name: 'Publish Program' }));
    await visible(page, 'Program published successfully');

    const counts = `${counter.taps} taps and ${counter.keys} keystrokes`;
    console.log(`Prescribing 5 library exercises on a phone: ${counts}`);
    context.annotate(`prescribing five library exercises on a phone: ${counts}`);
    expect(counter.taps).toBeLessThan(25);
    expect(counter.keys).toBeLessThan(60);

    // The program holds the five, with their dosage, in the order added.
    await page.waitForURL(/\/program\/\d+\?date=/);
    const programId = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await api<{ exercises: { id: number; name: string; sets: number | null }[] }>(
      therapist,
      `/programs/${programId}/`,
    );
    expect(saved.body.exercises.map((e) => e.name)).toEqual([
      'Sit to stand',
      'Standing with feet together',
      'Standing on one leg',
      'Heel to toe stance',
      'Step taps',
    ]);

    // Edit: a dosage out of range comes back from the server under its field, and the card opens to show it.
    await page.goto(`/program/edit/${client.id}/${programId}`);
    await expect.poll(() => cardToggle(page, 2).isVisible(), { timeout: 10_000 }).toBe(true);
    await cardToggle(page, 2).click();
    expect(await cardToggle(page, 2).getAttribute('aria-expanded')).toBe('true');
    const card = page.getByRole('group', { name: 'Exercise 2', exact: true });
    await card.getByLabel('Sets').fill('99');
    await cardToggle(page, 2).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page, 'Enter a whole number from 1 to 20.');
    expect(await cardToggle(page, 2).getAttribute('aria-expanded')).toBe('true');
    expect(await card.getByLabel('Sets').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'library-form-dosage-error-phone', card.getByLabel('Sets'));
    await card.getByLabel('Sets').fill('3');
    // The field's message goes as it is fixed (the notice of the failed save stays until the next save).
    await expect.poll(() => card.getByText('Enter a whole number from 1 to 20.').count()).toBe(0);
    expect(await card.getByLabel('Sets').getAttribute('aria-invalid')).toBeNull();

    // Save to library: a saved exercise goes to the clinic's library.
    await card.getByRole('button', { name: 'Save to library (exercise 2)' }).click();
    await visible(page, 'Saved. Find it on the Library page.');
    await screenshot(
      page,
      'library-form-saved-to-library-phone',
      card.getByRole('button', { name: /^Saved to library/ }),
    );
    const mine = await api<{ results: { name: string; starter: boolean }[] }>(
      therapist,
      '/library/exercises/?q=standing%20with%20feet',
    );
    expect(
      mine.body.results.some((item) => !item.starter && item.name === 'Standing with feet together'),
    ).toBe(true);
    await expectAccessible(page, 'edit program form with an open card');

    await api(therapist, `/programs/${programId}/`, { method: 'DELETE' });
    await browserContext.close();
  });

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
      await form.getByLabel('Exercise Name').fill(name);
      await form.getByLabel('Instructions').fill('Lean on the wall and push back, slowly.');
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
      await expect.poll(() => edit.getByLabel('Exercise Name').inputValue()).toBe(name);
      expect(await edit.getByLabel('Tags').inputValue()).toBe('upper limb, strength');
      await edit.getByLabel('Reps').fill('200');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect
        .poll(() => edit.getByText('Enter a whole number from 1 to 100.').first().isVisible())
        .toBe(true);
      await edit.getByLabel('Reps').fill('15');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await visible(page, 'Changes saved.');
      await expect.poll(() => row.getByText('2 sets of 15 · both sides').isVisible()).toBe(true);

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
