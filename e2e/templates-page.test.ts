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

import { exercise, heading, twoClientsAndAProgram, visible } from './support/templates-journey';

const browser = useBrowser();

// docs/product/library-and-templates.md#templates, docs/product/library-and-templates.md#copy-to-another-client
describe('templates and copying', () => {
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
