import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createActiveClient, createProgram } from './support/client-factory';
import { sydneyDate } from './support/dates';

// What the exercise feedback journeys share: test data and locators.

export async function visible(page: Page, text: string) {
  await expect
    .poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 })
    .toBe(true);
}

/** The completion form under an exercise. */
export function feedbackForm(page: Page, exerciseName: string) {
  return page.getByRole('form', { name: `How ${exerciseName} went` });
}

/** The accordion's toggle for an exercise (its header button). */
export function exerciseToggle(page: Page, name: string, completed = false) {
  return page.getByRole('button', { name: completed ? `${name} (completed)` : name, exact: true });
}

/** A new client of the demo therapist, and a program prescribed every day from four days ago. */
export async function createClientWithProgram(therapist: string) {
  const client = await createActiveClient(therapist, `Feedback${Date.now()}`);
  const program = await createProgram(therapist, client.id, {
    name: `Daily balance ${Date.now()}`,
    start_date: sydneyDate(-4),
    end_date: sydneyDate(30),
    exercises: [
      { name: 'Heel raises', instructions: 'Hold the bench.\nRise onto your toes 10 times.' },
      { name: 'Sit to stand', instructions: 'Stand up slowly from a firm chair, 10 times.' },
      { name: 'Side steps', instructions: 'Step sideways along the kitchen bench and back.' },
    ],
  });
  return { client, program };
}
