import type { Locator, Page } from 'playwright-core';
import type { TProgram } from '@hep/shared/schemas/programs';
import { expect } from 'vitest';
import { therapistToken } from './client-factory';
import { sydneyDate } from './dates';
import { addClient, createProgramWithMedia } from './program-with-media';

/** Waits as long as any journey waits for what a person would see (vitest.config.ts: expect.poll's 15 s). */
export async function visible(target: Locator) {
  await expect.poll(() => target.isVisible()).toBe(true);
}

export async function heading(page: Page, name: string) {
  await visible(page.getByRole('heading', { level: 1, name, exact: true }));
}

export function exercise(page: Page, index: number) {
  return page.getByRole('group', { name: `Exercise ${index + 1}`, exact: true });
}

/** The saved program's id, once the form has gone to its view. */
export async function savedProgramId(page: Page): Promise<number> {
  await page.waitForURL(/\/program\/\d+\?date=/, { timeout: 15_000 });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** A program of two exercises (the first with a photo and a dosage) for a new client, and a second client. */
export async function twoClientsAndAProgram(label: string) {
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
export function expectSameExercises(copy: TProgram, source: TProgram) {
  expect(copy.exercises.map((e) => e.name)).toEqual(source.exercises.map((e) => e.name));
  expect(copy.exercises[0]!.image_media_id).not.toBeNull();
  expect(copy.exercises[0]!.image_media_id).toBe(source.exercises[0]!.image_media_id);
  expect(copy.exercises[0]).toMatchObject({ sets: 3, reps: 10, side: 'both' });
  expect(copy.exercises[1]).toMatchObject({ reps: 8, sets: null });
}
