import type { TProgram, TSaveProgramResponse } from '@hep/shared/schemas/programs';
import { expect, inject } from 'vitest';
import { nextAddress } from './addresses';
import { demoLogin } from './browser';
import { mailTo, resetLinkIn } from './mail';

// Test data made through the real API, as a therapist and a client would make it: each journey gets its own
// client, so that it never depends on the demo seed's feedback or on other journeys.

export async function api<T>(
  token: string | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const form = init.body instanceof FormData;
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'X-Forwarded-For': nextAddress(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined && !form ? { 'Content-Type': 'application/json' } : {}),
    },
    body: form ? (init.body as FormData) : init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function logInApi(user: { email: string; password: string }) {
  const login = await api<{ access: string; user_id: number }>(null, '/login/', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  expect(login.status, `login of ${user.email}`).toBe(200);
  return { token: login.body.access, userId: login.body.user_id };
}

export function therapistToken(): Promise<string> {
  return logInApi(demoLogin('therapist')).then((login) => login.token);
}

export interface TestClient {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
}

/**
 * A client of the demo therapist, activated through the emailed link, with the terms agreed and reminders in
 * Australia/Sydney (the browser contexts' zone, so that the server's today is the browser's today).
 */
/** Sets the password of a new account through the activation link mailed to it, as its owner would. */
export async function activateFromMail(user: { email: string; password: string }): Promise<void> {
  const [uid, token] = new URL(resetLinkIn(await mailTo(user.email))).pathname.split('/').slice(-2);
  const confirmed = await api(null, '/reset-password-confirm/', {
    method: 'POST',
    body: { uid, token, new_password: user.password },
  });
  expect(confirmed.status, `activate ${user.email}`).toBe(200);
}

export async function createActiveClient(therapist: string, lastName: string): Promise<TestClient> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const client = {
    firstName: 'Wendy',
    lastName,
    email: `wendy.${stamp}@week.e2e.test`,
    password: 'a steady weekly walk',
  };
  const added = await api<{ id: number }>(therapist, '/users/add/', {
    method: 'POST',
    body: {
      first_name: client.firstName,
      last_name: client.lastName,
      date_of_birth: '1961-05-04',
      email: client.email,
      mobile: '0400 123 456',
      condition: 'Stroke',
    },
  });
  expect(added.status, 'add client').toBe(201);
  await activateFromMail(client);
  const login = await logInApi(client);
  const terms = await api(login.token, '/terms/', {
    method: 'POST',
    body: { privacy: true, waiver: true, terms: true },
  });
  expect(terms.status, 'agree to terms').toBeLessThan(300);
  const zone = await api(login.token, `/users/${login.userId}/`, {
    method: 'PATCH',
    body: { notification_timezone: 'Australia/Sydney' },
  });
  expect(zone.status, 'set the time zone').toBe(200);
  return { ...client, id: login.userId, token: login.token };
}

/** A published program prescribed on every weekday, with the given exercises. */
export async function createProgram(
  therapist: string,
  clientId: number,
  fields: {
    name: string;
    start_date: string;
    end_date: string;
    /** A name (with plain instructions), or a name and its instructions (and a picture by reference). */
    exercises: (string | { name: string; instructions: string; image_media_id?: number | null })[];
  },
): Promise<TProgram> {
  const saved = await api<TSaveProgramResponse>(therapist, '/programs/', {
    method: 'POST',
    body: {
      client_id: clientId,
      name: fields.name,
      start_date: fields.start_date,
      end_date: fields.end_date,
      is_draft: false,
      days_of_week: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
      exercises: fields.exercises.map((exercise) =>
        typeof exercise === 'string'
          ? { name: exercise, instructions: `Do ${exercise} slowly, ten times.` }
          : exercise,
      ),
    },
  });
  expect(saved.status, `create program ${fields.name}`).toBe(201);
  return saved.body.program;
}

/** The client's feedback on one exercise for one day (multipart, as the web app sends it). */
export async function giveFeedback(client: TestClient, exerciseId: number, date: string): Promise<void> {
  const form = new FormData();
  form.set('exercise', String(exerciseId));
  form.set('date_completed', date);
  form.set('effort_rating', '4');
  form.set('feeling', 'Steady today.');
  const saved = await api(client.token, '/feedback/', { method: 'POST', body: form });
  expect(saved.status, `feedback for ${date}`).toBe(201);
}
