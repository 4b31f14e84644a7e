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
import { addButton, cardToggle, openCreateProgram, pickerDialog, visible } from './support/library-picker';
import { InputCounter } from './support/input-counter';

const browser = useBrowser();

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
});
