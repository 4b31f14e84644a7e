import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { TProgram } from '@hep/shared/schemas/programs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  demoLogin,
  expectAccessible,
  logIn,
  newContext,
  screenshot,
  useBrowser,
} from './support/browser';
import { api, therapistToken as demoTherapistToken } from './support/client-factory';
import { ddMMyyyy } from './support/dates';

const browser = useBrowser();

const WEEK = [
  ['MON', 'M', 'Monday'],
  ['TUE', 'Tu', 'Tuesday'],
  ['WED', 'W', 'Wednesday'],
  ['THU', 'Th', 'Thursday'],
  ['FRI', 'F', 'Friday'],
  ['SAT', 'Sa', 'Saturday'],
  ['SUN', 'Su', 'Sunday'],
] as const;

/** The accordion's toggle for an exercise (its header button). */
function exerciseToggle(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true });
}

/** What the open accordion item shows as media: the photo (loaded), the video, or the no-media line. */
async function expectExerciseMedia(page: Page, exercise: TProgram['exercises'][number]) {
  const body = page.locator('.accordion-collapse.show');
  if (exercise.image_url) {
    const image = body.getByRole('img', { name: exercise.name, exact: true });
    // The signed same-origin URL really serves the picture.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.getAttribute('loading')).toBe('lazy');
  }
  if (exercise.video_url) {
    const video = body.locator('video');
    expect(await video.getAttribute('preload')).toBe('metadata');
    expect(await video.getAttribute('controls')).not.toBeNull();
    // The signed URL serves the video's metadata (its duration is known), as a player needs.
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
  }
  if (!exercise.image_url && !exercise.video_url) {
    expect(await body.getByText('No images or videos for this exercise.').isVisible()).toBe(true);
  }
}

describe('program view', () => {
  let therapistToken = '';
  let program: TProgram;

  beforeAll(async () => {
    therapistToken = await demoTherapistToken();
    const programs = await api<TProgram[]>(therapistToken, '/programs/');
    expect(programs.status).toBe(200);
    // A published program of the demo client Chris Walker with at least two exercises (the demo seed has them).
    const found = programs.body.find(
      (p) => p.client.last_name === 'Walker' && !p.is_draft && p.exercises.length >= 2,
    );
    expect(found, 'a seeded published program of Chris Walker').toBeDefined();
    program = found!;
  });

  it('shows a therapist the client, the day, the schedule and the exercises, and asks before deleting', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${program.id}?date=2025-01-06`);

    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);
    const clientLink = page.getByRole('link', { name: program.client_name, exact: true });
    expect(await clientLink.getAttribute('href')).toBe(`/client/${program.client.id}`);
    expect(await page.getByText('Monday, 6 January 2025').isVisible()).toBe(true);
    expect(await page.getByText('Draft', { exact: true }).count()).toBe(0);
    if (program.start_date) expect(await page.getByText(ddMMyyyy(program.start_date)).isVisible()).toBe(true);
    expect(
      await page.getByText(program.end_date ? ddMMyyyy(program.end_date) : 'No end date').isVisible(),
    ).toBe(true);

    // Seven day badges, Monday first; each says its full day name and whether it is prescribed.
    const badges = page.locator('.schedule-badge');
    expect(await badges.locator('[aria-hidden="true"]').allTextContents()).toEqual(WEEK.map(([, b]) => b));
    expect(await badges.locator('.visually-hidden').allTextContents()).toEqual(
      WEEK.map(
        ([day, , name]) => `${name}, ${program.days_of_week.includes(day) ? 'prescribed' : 'not prescribed'}`,
      ),
    );

    expect(await page.getByRole('link', { name: 'Edit program' }).getAttribute('href')).toBe(
      `/program/edit/${program.client.id}/${program.id}`,
    );

    // The accordion opens on the first exercise: its media, instructions and feedback link.
    const [first, second] = program.exercises;
    expect(await exerciseToggle(page, first!.name).getAttribute('aria-expanded')).toBe('true');
    expect(await exerciseToggle(page, second!.name).getAttribute('aria-expanded')).toBe('false');
    const firstLine = first!.instructions.split('\n')[0]!.trim();
    expect(await page.getByText(firstLine).first().isVisible()).toBe(true);
    await expectExerciseMedia(page, first!);
    const feedbackLinks = page.getByRole('link', { name: 'View All Feedback' });
    expect(await feedbackLinks.count()).toBe(1);
    expect(await feedbackLinks.getAttribute('href')).toBe(`/exercise/${first!.id}/feedback`);
    await expectAccessible(page, 'therapist program view');
    await screenshot(page, 'program-view-therapist-phone');

    await exerciseToggle(page, second!.name).click();
    await expect.poll(() => exerciseToggle(page, second!.name).getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => page.getByRole('link', { name: 'View All Feedback' }).getAttribute('href'))
      .toBe(`/exercise/${second!.id}/feedback`);
    await expectExerciseMedia(page, second!);

    // Delete asks first; Cancel keeps the program.
    await page.getByRole('button', { name: 'Delete program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Program' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Let the fade-in finish, so that contrast is measured on the settled dialog and backdrop.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('.modal, .modal-backdrop')]
            .map((el) => getComputedStyle(el).opacity)
            .sort(),
        ),
      )
      .toEqual(['0.5', '1']);
    expect(await dialog.textContent()).toContain(
      `Are you sure you want to delete ${program.name}? This action will also delete the exercises and feedback in the program, and cannot be undone.`,
    );
    await expectAccessible(page, 'delete program dialog');
    await screenshot(page, 'program-view-delete-dialog-phone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await api(therapistToken, `/programs/${program.id}/`)).status).toBe(200);

    await clientLink.click();
    await page.waitForURL(`**/client/${program.client.id}`);
    await context.close();
  });

  it('keeps to one readable column on a desktop', async () => {
    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${program.id}?date=2025-01-06`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);
    const width = await page.locator('.program-view').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(900);
    expect(width).toBeGreaterThan(700);
    await expectAccessible(page, 'therapist program view desktop');
    await screenshot(page, 'program-view-therapist-desktop');
    await context.close();
  });

  it('shows a draft with today by default, its photo and video, keeps line breaks, and deletes it', async () => {
    // Saved the way the program form saves: one multipart request with the exercise list and the files.
    const form = new FormData();
    form.set('client_id', String(program.client.id));
    form.set('name', 'Program to delete');
    form.set('is_draft', 'true');
    form.set('start_date', '2025-02-03');
    for (const day of ['TUE', 'THU']) form.append('days_of_week', day);
    form.set(
      'exercises',
      JSON.stringify([
        { name: 'Wall push-ups', instructions: 'Stand facing a wall.\nPush away slowly.' },
        { name: 'Step-ups', instructions: 'Step up onto the bottom stair.' },
      ]),
    );
    const fixture = (name: string, type: string) =>
      new Blob([readFileSync(path.join(import.meta.dirname, 'fixtures', name))], { type });
    form.set('exercise_0_image', fixture('exercise.jpg', 'image/jpeg'), 'exercise.jpg');
    form.set('exercise_1_video', fixture('exercise.mp4', 'video/mp4'), 'exercise.mp4');
    const response = await fetch(`${inject('baseUrl')}/api/programs/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${therapistToken}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: number; program: TProgram };
    const id = created.id;
    const [withImage, withVideo] = created.program.exercises;

    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto(`/program/${id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Program to delete' }).isVisible())
      .toBe(true);
    expect(await page.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    const today = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).formatToParts(new Date());
    const part = (type: string) => today.find((p) => p.type === type)!.value;
    expect(
      await page.getByText(`${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`).isVisible(),
    ).toBe(true);
    expect(await page.getByText('03/02/2025').isVisible()).toBe(true);
    expect(await page.getByText('No end date').isVisible()).toBe(true);
    expect(await page.locator('.schedule-badge.prescribed').allTextContents()).toEqual([
      'TuTuesday, prescribed',
      'ThThursday, prescribed',
    ]);
    expect(await page.locator('.exercise-instructions').first().innerText()).toBe(
      'Stand facing a wall.\nPush away slowly.',
    );
    await expectExerciseMedia(page, withImage!);
    await exerciseToggle(page, withVideo!.name).click();
    await expect.poll(() => exerciseToggle(page, withVideo!.name).getAttribute('aria-expanded')).toBe('true');
    await expectExerciseMedia(page, withVideo!);
    await expectAccessible(page, 'draft with media');
    await screenshot(page, 'program-view-draft-video-phone');

    await page.getByRole('button', { name: 'Delete program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Program' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`**/client/${program.client.id}`);
    expect((await api(therapistToken, `/programs/${id}/`)).status).toBe(404);
    await context.close();
  });

  it("shows the client their exercise day without the care team's controls", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('client'));
    await page.waitForURL('**/programs');
    await page.goto(`/program/${program.id}?date=2025-01-06`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: program.name }).isVisible())
      .toBe(true);
    expect(await page.getByText('Monday, 6 January 2025').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Back' }).isVisible()).toBe(true);
    for (const name of ['Delete program', 'Edit program', 'View All Feedback', program.client_name]) {
      expect(await page.getByRole('button', { name }).or(page.getByRole('link', { name })).count()).toBe(0);
    }
    const first = program.exercises[0]!;
    expect(await exerciseToggle(page, first.name).getAttribute('aria-expanded')).toBe('true');
    await expectExerciseMedia(page, first);
    // Client pages read at 18 px.
    expect(
      await page
        .locator('.exercise-instructions')
        .first()
        .evaluate((el) => getComputedStyle(el).fontSize),
    ).toBe('18px');
    await expectAccessible(page, 'client program view');
    await screenshot(page, 'program-view-client-phone');

    // Back goes to where the client came from.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/programs');
    await context.close();
  });

  it('says so when the program cannot be loaded', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await logIn(page, demoLogin('therapist'));
    await page.waitForURL('**/clients');
    await page.goto('/program/999999');
    await expect.poll(() => page.getByText('Failed to load program details').isVisible()).toBe(true);
    await context.close();
  });
});
