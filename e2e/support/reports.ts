import { expect } from 'vitest';
import { api, type TestClient } from './client-factory';

/** A client's report on one exercise and day, with pain when given (multipart, as the web app sends it). */
export async function report(
  client: TestClient,
  exerciseId: number,
  date: string,
  effort: number,
  pain: number | null,
) {
  const form = new FormData();
  form.set('exercise', String(exerciseId));
  form.set('date_completed', date);
  form.set('effort_rating', String(effort));
  if (pain !== null) form.set('pain', String(pain));
  const saved = await api<{ feedback?: { pain: number | null } }>(client.token, '/feedback/', {
    method: 'POST',
    body: form,
  });
  expect(saved.status, `feedback for ${date}`).toBe(201);
  expect(saved.body.feedback?.pain ?? null, 'pain kept').toBe(pain);
}
