import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { auditLog } from '../../db/schema/audit-log';
import { programTemplates } from '../../db/schema/program-templates';
import { login, type Session } from '../../../test/factories';
import { filesUnder, FIXTURES, tempDataDir } from '../../../test/fixtures/media-fixtures';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { fixtureFile, sendForm } from '../../../test/program-factories';

/** One app per test file, with its own DATA_DIR so that stored files can be counted. */
export function useTemplatesApp() {
  const bed = {} as { t: TestApp; dataDir: string };
  beforeAll(async () => {
    bed.dataDir = tempDataDir();
    bed.t = await createTestApp({ DATA_DIR: bed.dataDir });
  });
  afterAll(async () => {
    await bed.t.close();
    rmSync(bed.dataDir, { recursive: true, force: true });
  });
  return bed;
}
export type TemplatesBed = ReturnType<typeof useTemplatesApp>;

export const storedFiles = (bed: TemplatesBed) => filesUnder(path.join(bed.dataDir, 'media'));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call as `session` (null: signed out), each from its own address. */
export const call = (
  bed: TemplatesBed,
  session: Session | null,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  bed.t.app.inject({
    method,
    url,
    headers: session ? session.headers : {},
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A template body as the web form sends it. */
export const templateBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Early stroke balance',
  days_of_week: ['FRI', 'MON', 'WED'],
  weeks: 6,
  exercises: [
    { name: 'Sit to stand', instructions: 'Ten times, slowly.', sets: 3, reps: 10 },
    { name: 'Heel raises', instructions: 'Hold the bench.', hold_seconds: 5, side: 'left' },
  ],
  ...overrides,
});

export async function createTemplate(bed: TemplatesBed, session: Session, body: unknown = templateBody()) {
  const res = await call(bed, session, 'POST', '/api/templates/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TTemplate>();
}

/** A published program with a photo on its first exercise and a video on its second (uploaded through the API). */
export async function createProgramWithMedia(
  bed: TemplatesBed,
  session: Session,
  clientId: number,
  extra: Record<string, unknown> = {},
): Promise<TProgram> {
  const res = await sendForm(
    bed.t,
    session,
    'POST',
    '/api/programs/',
    {
      client_id: clientId,
      name: 'Home balance',
      start_date: '2025-03-03',
      end_date: '2025-03-30',
      days_of_week: ['TUE', 'THU'],
      is_draft: 'false',
      exercises: [
        { name: 'Photo exercise', instructions: 'Look.', sets: 2, reps: 8, side: 'right' },
        { name: 'Video exercise', instructions: 'Watch.', times_per_day: 2, rest_seconds: 30 },
      ],
      ...extra,
    },
    [
      fixtureFile('exercise_0_image', FIXTURES.jpeg, 'image/jpeg'),
      fixtureFile('exercise_1_video', FIXTURES.mp4),
    ],
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().program as TProgram;
}

export const loginAll = (bed: TemplatesBed, ...users: { email: string; password: string }[]) =>
  Promise.all(users.map((user) => login(bed.t, user)));

export const templateRow = async (bed: TemplatesBed, id: number) =>
  (await bed.t.ctx.db.select().from(programTemplates).where(eq(programTemplates.id, id)))[0] ?? null;

/** The audit rows a request wrote, by its correlation id. */
export const auditRowsOf = (bed: TemplatesBed, correlationId: string) =>
  bed.t.ctx.db.select().from(auditLog).where(eq(auditLog.correlationId, correlationId));

export const fetchUrl = (bed: TemplatesBed, url: string) => bed.t.app.inject({ method: 'GET', url });
