import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoLogin, expectAccessible, logIn, newContext, screenshot, useBrowser } from './support/browser';
import { sydneyDate } from './support/dates';
import { getProgram } from './support/program-with-media';

import {
  exercise,
  expectSameExercises,
  heading,
  savedProgramId,
  twoClientsAndAProgram,
  visible,
} from './support/templates-journey';

const browser = useBrowser();

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
});
