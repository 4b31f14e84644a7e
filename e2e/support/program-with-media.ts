import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TProgram, TSaveProgramResponse } from '@hep/shared/schemas/programs';
import { expect } from 'vitest';
import { api } from './client-factory';

const photo = readFileSync(path.resolve(import.meta.dirname, '../fixtures/exercise.jpg'));
const video = readFileSync(path.resolve(import.meta.dirname, '../fixtures/exercise.mp4'));

/** A client of the demo therapist (not activated: the care team's journeys do not need them to sign in). */
export async function addClient(therapist: string, lastName: string): Promise<number> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const added = await api<{ id: number }>(therapist, '/users/add/', {
    method: 'POST',
    body: {
      first_name: 'Robin',
      last_name: lastName,
      date_of_birth: '1958-02-11',
      email: `robin.${stamp}@templates.e2e.test`,
      mobile: '0400 555 010',
      condition: 'Stroke',
    },
  });
  expect(added.status, `add client ${lastName}`).toBe(201);
  return added.body.id;
}

export interface ExerciseSpec {
  name: string;
  instructions: string;
  /** Dosage fields as a save takes them. */
  dosage?: Record<string, string | number>;
  /** Upload the fixture photo with it. */
  photo?: boolean;
  /** Upload the fixture video (MP4) with it. */
  video?: boolean;
}

/** A published program saved the way the web form saves it (multipart), photos and videos included. */
export async function createProgramWithMedia(
  therapist: string,
  clientId: number,
  fields: { name: string; start_date: string; end_date: string; days: string[]; exercises: ExerciseSpec[] },
): Promise<TProgram> {
  const form = new FormData();
  form.set('client_id', String(clientId));
  form.set('name', fields.name);
  form.set('start_date', fields.start_date);
  form.set('end_date', fields.end_date);
  form.set('is_draft', 'false');
  for (const day of fields.days) form.append('days_of_week', day);
  form.set(
    'exercises',
    JSON.stringify(
      fields.exercises.map((e) => ({ name: e.name, instructions: e.instructions, ...e.dosage })),
    ),
  );
  fields.exercises.forEach((exercise, n) => {
    if (exercise.photo)
      form.set(`exercise_${n}_image`, new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    if (exercise.video)
      form.set(`exercise_${n}_video`, new Blob([video], { type: 'video/mp4' }), 'video.mp4');
  });
  const saved = await api<TSaveProgramResponse>(therapist, '/programs/', { method: 'POST', body: form });
  expect(saved.status, `create program ${fields.name}`).toBe(201);
  return saved.body.program;
}

/** The program as the API gives it now. */
export async function getProgram(token: string, programId: number): Promise<TProgram> {
  const program = await api<TProgram>(token, `/programs/${programId}/`);
  expect(program.status, `read program ${programId}`).toBe(200);
  return program.body;
}
