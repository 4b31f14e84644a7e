import type { Locator, Page } from 'playwright-core';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { TTemplate } from '@hep/shared/schemas/templates';
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
import { api, therapistToken } from './support/client-factory';
import { sydneyDate } from './support/dates';
import { addClient, createProgramWithMedia, getProgram } from './support/program-with-media';

const browser = useBrowser();

async function visible(target: Locator) {
  await expect.poll(() => target.isVisible(), { timeout: 10_000 }).toBe(true);
}

async function heading(page: Page, name: string) {
  await visible(page.getByRole('heading', { level: 1, name, exact: true }));
}

function exercise(page: Page, index: number) {
  return page.getByRole('group', { name: `Exercise ${index + 1}`, exact: true });
}

/** The saved program's id, once the form has gone to its view. */
async function savedProgramId(page: Page): Promise<number> {
  await page.waitForURL(/\/program\/\d+\?date=/, { timeout: 15_000 });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** A program of two exercises (the first with a photo and a dosage) for a new client, and a second client. */
async function twoClientsAndAProgram(label: string) {
  const therapist = await therapistToken();
  const stamp = `${Date.now()}`;
  const fromId = await addClient(therapist, `From${label}${stamp}`);
  const toLastName = `To${label}${stamp}`;
  const toId = await addClient(therapist, toLastName);
  const program = await createProgramWithMedia(therapist, fromId, {
    name: `Balance ${label} ${stamp}`,
    start_date: sydneyDate(),
    end_date: sydneyDate(27),
    days: ['MON', 'WED', 'FRI'],
    exercises: [
      {
        name: 'Heel raises',
        instructions: 'Hold the bench. Rise onto your toes.',
        dosage: { sets: 3, reps: 10, side: 'both' },
        photo: true,
      },
      { name: 'Sit to stand', instructions: 'Stand up from a firm chair.', dosage: { reps: 8 } },
    ],
  });
  return { therapist, stamp, fromId, toId, toLastName, program };
}

/** The copy's exercises reuse the source's files (same media ids) and keep their dosage. */
function expectSameExercises(copy: TProgram, source: TProgram) {
  expect(copy.exercises.map((e) => e.name)).toEqual(source.exercises.map((e) => e.name));
  expect(copy.exercises[0]!.image_media_id).not.toBeNull();
  expect(copy.exercises[0]!.image_media_id).toBe(source.exercises[0]!.image_media_id);
  expect(copy.exercises[0]).toMatchObject({ sets: 3, reps: 10, side: 'both' });
  expect(copy.exercises[1]).toMatchObject({ reps: 8, sets: null });
}

// docs/product/library-and-templates.md#templates, docs/product/library-and-templates.md#copy-to-another-client
describe('templates and copying', () => {
  it('saves a program as a template, then starts another client on it in a few taps', async () => {
    const { therapist, stamp, fromId, toId, program } = await twoClientsAndAProgram('Tpl');
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');

    // Save as template from the client page's card menu: the name starts as the program's.
    await page.goto(`/client/${fromId}`);
    await page.getByRole('button', { name: `Program actions for ${program.name}`, exact: true }).click();
    await page.getByRole('button', { name: 'Save as template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as template' });
    await visible(dialog);
    expect(await dialog.getByLabel('Template Name').inputValue()).toBe(program.name);
    await dialog.getByLabel('Template Name').fill('  ');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await visible(dialog.getByText('Template name is required'));
    const templateName = `Stroke balance ${stamp}`;
    await dialog.getByLabel('Template Name').fill(templateName);
    await expectAccessible(page, 'save as template dialog');
    await screenshot(page, 'templates-save-dialog-phone');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await visible(dialog.getByText(`Saved ${templateName} as a template.`));
    expect(await dialog.getByRole('link', { name: 'Open Templates' }).getAttribute('href')).toBe(
      '/templates',
    );
    await screenshot(page, 'templates-save-dialog-saved-phone');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Create Program for the other client: one tap on the template fills the whole form, one more publishes.
    await page.goto(`/client/${toId}`);
    await page.getByRole('link', { name: '+ Add Program' }).click();
    await page.waitForURL(`**/program/add/${toId}`);
    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };
    const choice = page.getByRole('button', { name: new RegExp(`^${templateName}`) });
    await visible(choice);
    expect(await choice.textContent()).toContain('Mon, Wed, Fri · 2 exercises');
    await expectAccessible(page, 'start from template');
    await screenshot(
      page,
      'templates-start-from-phone',
      page.getByRole('heading', { name: 'Start from template' }),
    );
    await tap(choice);
    await expect.poll(() => page.getByLabel('Program Name').inputValue()).toBe(templateName);
    expect(await page.getByLabel('Start Date').inputValue()).toBe(sydneyDate());
    // The source ran 4 weeks (28 days), so the new one does too.
    expect(await page.getByLabel('End Date').inputValue()).toBe(sydneyDate(27));
    for (const day of ['Monday', 'Wednesday', 'Friday'])
      expect(await page.getByRole('button', { name: day }).getAttribute('aria-pressed')).toBe('true');
    expect(await exercise(page, 0).getByLabel('Exercise Name').inputValue()).toBe('Heel raises');
    expect(await exercise(page, 1).getByLabel('Exercise Name').inputValue()).toBe('Sit to stand');
    await visible(page.getByText(`Started from ${templateName}.`, { exact: false }));
    await expectAccessible(page, 'create program from template');
    await screenshot(page, 'templates-form-filled-phone');
    await tap(page.getByRole('button', { name: 'Publish Program' }));
    const newId = await savedProgramId(page);
    expect(taps, 'taps from Create Program to published').toBeLessThan(10);

    const copy = await getProgram(therapist, newId);
    expect(copy.client.id).toBe(toId);
    expect(copy).toMatchObject({ name: templateName, is_draft: false, end_date: sydneyDate(27) });
    expectSameExercises(copy, await getProgram(therapist, program.id));
    await context.close();
  });

  it('copies a program to another client from the program menu, media by reference', async () => {
    const { therapist, fromId, toId, toLastName, program } = await twoClientsAndAProgram('Copy');
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');

    // The card menu offers it too.
    await page.goto(`/client/${fromId}`);
    await page.getByRole('button', { name: `Program actions for ${program.name}`, exact: true }).click();
    await visible(page.getByRole('button', { name: 'Copy to another client' }));
    expect(await page.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe(
      `/program/${program.id}/print`,
    );
    await page.keyboard.press('Escape');

    await page.goto(`/program/${program.id}`);
    await page.getByRole('button', { name: 'More program actions' }).click();
    await page.getByRole('button', { name: 'Copy to another client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy to another client' });
    await visible(dialog);
    await dialog.getByLabel('Find a client').fill(toLastName);
    const target = dialog.getByRole('button', { name: new RegExp(`^${toLastName}, Robin`) });
    await visible(target);
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(1);
    await expectAccessible(page, 'copy to another client dialog');
    await screenshot(page, 'templates-copy-dialog-phone');
    await target.click();

    await page.waitForURL(`**/program/duplicate/${toId}/${program.id}`);
    await heading(page, 'Replicate Program');
    await visible(page.getByRole('link', { name: `${toLastName}, Robin` }));
    await expect.poll(() => page.getByLabel('Program Name').inputValue()).toBe(`${program.name} (Copy)`);
    await expectAccessible(page, 'replicate for another client');
    await page.getByLabel('End Date').fill(sydneyDate(13));
    await page.getByRole('button', { name: 'Publish Program' }).click();
    const newId = await savedProgramId(page);

    const copy = await getProgram(therapist, newId);
    expect(copy.client.id).toBe(toId);
    expectSameExercises(copy, await getProgram(therapist, program.id));
    // The source stays with its own client.
    expect((await getProgram(therapist, program.id)).client.id).toBe(fromId);
    await context.close();
  });

  it('lists, edits (order, dosage, removal) and deletes templates on the Templates page', async () => {
    const therapist = await therapistToken();
    const name = `Hand skills ${Date.now()}`;
    const created = await api<TTemplate>(therapist, '/templates/', {
      method: 'POST',
      body: {
        name,
        days_of_week: ['TUE', 'THU'],
        weeks: 4,
        exercises: [
          { name: 'Grip squeeze', instructions: 'Squeeze the ball.', sets: 3, reps: 10, side: 'right' },
          { name: 'Peg board', instructions: 'Move each peg.', times_per_day: 2 },
          { name: 'Finger walk', instructions: 'Walk your fingers up the wall.', hold_seconds: 5 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const templateId = created.body.id;

    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', undefined],
    ] as const) {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await logIn(page, demoLogin('therapist'));
      await page.waitForURL('**/clients');
      await page.getByRole('link', { name: 'Templates' }).click();
      await page.waitForURL('**/templates');
      await heading(page, 'Templates');
      const card = page.getByRole('article', { name });
      await visible(card);
      expect(await card.textContent()).toContain('Tue, Thu');
      expect(await card.textContent()).toContain('4 weeks');
      expect(await card.textContent()).toContain('3 sets of 10 · right side');
      expect(await card.textContent()).toContain('twice a day');
      await expectAccessible(page, `templates page ${size}`);
      await screenshot(page, `templates-page-${size}`, card);
      await context.close();
    }

    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto('/templates');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL(`**/templates/${templateId}`);
    await heading(page, 'Edit Template');
    await expect.poll(() => page.getByLabel('Template Name').inputValue()).toBe(name);
    await expectAccessible(page, 'edit template');
    await screenshot(page, 'templates-edit-phone');

    // Peg board first, Finger walk gone, a dosage out of range is refused under its field.
    await page.getByRole('button', { name: 'Move exercise 2 up' }).click();
    await page.getByRole('button', { name: 'Remove exercise 3' }).click();
    await expect.poll(() => page.getByRole('group', { name: /^Exercise \d$/ }).count()).toBe(2);
    expect(await exercise(page, 0).getByLabel('Exercise Name').inputValue()).toBe('Peg board');
    await page.getByLabel('Template Name').fill(`${name} v2`);
    await page.getByLabel('Weeks').fill('6');
    await page.getByRole('button', { name: 'Wednesday' }).click();
    await exercise(page, 1).getByLabel('Reps').fill('500');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await visible(exercise(page, 1).getByText('Enter a whole number from 1 to 100.'));
    expect(await exercise(page, 1).getByLabel('Reps').getAttribute('aria-invalid')).toBe('true');
    await exercise(page, 1).getByLabel('Reps').fill('12');
    await exercise(page, 1).getByLabel('Instructions').fill('Squeeze the ball, then let go slowly.');
    await visible(exercise(page, 1).getByText('The client sees: 3 sets of 12 · right side'));
    await page.getByRole('button', { name: 'Save Template' }).click();
    await visible(page.getByText('Template saved.'));
    await page.waitForURL('**/templates');

    const saved = await api<TTemplate>(therapist, `/templates/${templateId}/`);
    expect(saved.body).toMatchObject({ name: `${name} v2`, weeks: 6, days_of_week: ['TUE', 'WED', 'THU'] });
    expect(saved.body.exercises.map((e) => e.name)).toEqual(['Peg board', 'Grip squeeze']);
    expect(saved.body.exercises[1]).toMatchObject({
      reps: 12,
      sets: 3,
      side: 'right',
      instructions: 'Squeeze the ball, then let go slowly.',
    });

    // Delete asks first.
    await page.getByRole('button', { name: `Delete ${name} v2` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Template' });
    await visible(confirm);
    await expectAccessible(page, 'delete template dialog');
    await screenshot(page, 'templates-delete-dialog-phone');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByRole('article', { name: `${name} v2` }).count()).toBe(0);
    expect((await api(therapist, `/templates/${templateId}/`)).status).toBe(404);
    await context.close();
  });

  it('shows Start from template and the copy dialog at desktop size', async () => {
    const { fromId, toLastName, program } = await twoClientsAndAProgram('Desk');
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/add/${fromId}`);
    await visible(page.getByRole('heading', { name: 'Start from template' }));
    await expectAccessible(page, 'start from template desktop');
    await screenshot(page, 'templates-start-from-desktop');

    await page.goto(`/program/${program.id}`);
    await page.getByRole('button', { name: 'More program actions' }).click();
    await page.getByRole('button', { name: 'Copy to another client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy to another client' });
    await dialog.getByLabel('Find a client').fill(toLastName.slice(0, 6));
    await visible(dialog.getByRole('button', { name: new RegExp(`^${toLastName}`) }));
    await expectAccessible(page, 'copy dialog desktop');
    await screenshot(page, 'templates-copy-dialog-desktop');
    await context.close();
  });
});
