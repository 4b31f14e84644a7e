import path from 'node:path';
import { eq } from 'drizzle-orm';
import { WEEKDAYS } from '@hep/shared/domain/constants';
import { ZSaveFeedbackResponse, type TFeedback } from '@hep/shared/schemas/feedback';
import type { AppContext } from '../src/context';
import { feedback } from '../src/db/schema/feedback';
import { exercises } from '../src/db/schema/exercises';
import { media } from '../src/db/schema/media';
import { programs } from '../src/db/schema/programs';
import { buildCareTeam, login, type Session } from './factories';
import { filesUnder, type MultipartPart } from './fixtures/media-fixtures';
import { nextIp, type TestApp } from './helper';
import { buildProgram, dayFrom, type ProgramOverrides, sendForm } from './program-factories';

/**
 * A published program prescribed every day from a week ago to four weeks ahead, so that today and tomorrow are
 * prescribed days whatever day the tests run.
 */
export const buildDailyProgram = (
  ctx: AppContext,
  clientId: number,
  therapistId: number | null,
  overrides: ProgramOverrides = {},
) =>
  buildProgram(ctx, clientId, therapistId, {
    startDate: dayFrom(ctx, -7),
    endDate: dayFrom(ctx, 28),
    daysOfWeek: [...WEEKDAYS],
    ...overrides,
  });

/** A care team whose client has a daily program, with the client signed in. */
export async function buildFeedbackSetup(t: TestApp, overrides: ProgramOverrides = {}) {
  const team = await buildCareTeam(t.ctx);
  const program = await buildDailyProgram(t.ctx, team.client.id, team.therapist.id, overrides);
  return { ...team, program, clientSession: await login(t, team.client) };
}

/** The form of a save, with today's date and a middling effort unless told otherwise. */
export const feedbackFields = (ctx: AppContext, exerciseId: number, extra: Record<string, unknown> = {}) => ({
  exercise: exerciseId,
  date_completed: dayFrom(ctx),
  effort_rating: 5,
  feeling: 'Legs were tired by the end.',
  ...extra,
});

export const submitFeedback = (
  t: TestApp,
  session: Session | null,
  fields: Record<string, unknown>,
  files: MultipartPart[] = [],
) => sendForm(t, session, 'POST', '/api/feedback/', fields, files);

export const updateFeedback = (
  t: TestApp,
  session: Session | null,
  id: number,
  fields: Record<string, unknown>,
  files: MultipartPart[] = [],
) => sendForm(t, session, 'PUT', `/api/feedback/${id}/`, fields, files);

/** Submits through the API and returns the saved entry (fails the test on anything but 201). */
export async function givenFeedback(
  t: TestApp,
  session: Session,
  fields: Record<string, unknown>,
  files: MultipartPart[] = [],
): Promise<TFeedback> {
  const res = await submitFeedback(t, session, fields, files);
  if (res.statusCode !== 201) throw new Error(`feedback not saved: ${res.statusCode} ${res.body}`);
  return ZSaveFeedbackResponse.parse(res.json()).feedback;
}

export const getAs = (t: TestApp, session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : {}, remoteAddress: nextIp() });

export const feedbackRowsOf = (ctx: AppContext, exerciseId: number) =>
  ctx.db.select().from(feedback).where(eq(feedback.exerciseId, exerciseId));

export const mediaRowsOf = (ctx: AppContext, programId: number) =>
  ctx.db.select().from(media).where(eq(media.programId, programId));

/** The files in the media store and in the upload folder of a test app's DATA_DIR. */
export const storedFilesIn = (dataDir: string) => filesUnder(path.join(dataDir, 'media'));
export const tempFilesIn = (dataDir: string) => filesUnder(path.join(dataDir, 'tmp'));

/** The media id inside a signed URL. */
export const mediaIdOf = (url: string | null) => Number(/\/media\/(\d+)\//.exec(url ?? '')?.[1]);

/** Takes an exercise out of its program the way an edit does when clients gave feedback on it (decision 005). */
export const markExerciseRemoved = (ctx: AppContext, exerciseId: number) =>
  ctx.db.update(exercises).set({ removedAt: ctx.now() }).where(eq(exercises.id, exerciseId));

/** Turns a published program back into a draft (clients then no longer see it). */
export const makeDraft = (ctx: AppContext, programId: number) =>
  ctx.db.update(programs).set({ isDraft: true }).where(eq(programs.id, programId));
