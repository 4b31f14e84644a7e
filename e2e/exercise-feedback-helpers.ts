import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { TProgram } from '@hep/shared/schemas/programs';
import { expect, inject } from 'vitest';
import { latestMailTo, resetLinkIn } from './support/mail';

// What the exercise feedback journeys share: API calls, dates in the browsers' zone, screenshots and locators.

const shots = '/tmp/shots/feedbackweb';
const ZONE = 'Australia/Sydney';

export async function api<T>(
  token: string | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function tokenOf(user: { email: string; password: string }): Promise<string> {
  const login = await api<{ access: string }>(null, '/login/', { method: 'POST', body: user });
  expect(login.status).toBe(200);
  return login.body.access;
}

/** A calendar date in the browsers' zone (the contexts run in Australia/Sydney), `days` after today. */
export function sydneyDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** `Saturday, 21 November 2026`, as the calendar's day links and the page header read. */
export function longDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

export function ddMMyyyy(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** A screenshot of the viewport, scrolled to `focus` when given (the bottom bar is fixed over long pages). */
export async function shot(page: Page, name: string, focus?: Locator) {
  mkdirSync(shots, { recursive: true });
  if (focus) await focus.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

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

/** A new client of the demo therapist with a password, terms agreed, and a program prescribed every day. */
export async function createClientWithProgram(therapistToken: string) {
  const stamp = Date.now();
  const email = `feedback.client.${stamp}@e2e.test`;
  const password = 'steady walking plan';
  const added = await api<{ id: number }>(therapistToken, '/users/add/', {
    method: 'POST',
    body: {
      first_name: 'Fay',
      last_name: `Feedback${stamp}`,
      date_of_birth: '1962-05-04',
      email,
      mobile: '0400 111 222',
      condition: 'Stroke',
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const [uid, token] = new URL(resetLinkIn(latestMailTo(email))).pathname.split('/').slice(-2);
  const confirmed = await api(null, '/reset-password-confirm/', {
    method: 'POST',
    body: { uid, token, new_password: password },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const clientToken = await tokenOf({ email, password });
  const terms = await api(clientToken, '/terms/', {
    method: 'POST',
    body: { privacy: true, waiver: true, terms: true },
  });
  expect(terms.status).toBeLessThan(300);

  const created = await api<{ id: number; program: TProgram }>(therapistToken, '/programs/', {
    method: 'POST',
    body: {
      client_id: added.body.id,
      name: `Daily balance ${stamp}`,
      start_date: sydneyDate(-4),
      end_date: sydneyDate(30),
      is_draft: false,
      days_of_week: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
      exercises: [
        { name: 'Heel raises', instructions: 'Hold the bench.\nRise onto your toes 10 times.' },
        { name: 'Sit to stand', instructions: 'Stand up slowly from a firm chair, 10 times.' },
        { name: 'Side steps', instructions: 'Step sideways along the kitchen bench and back.' },
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { client: { email, password }, program: created.body.program };
}
