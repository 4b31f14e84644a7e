import { eq } from 'drizzle-orm';
import type { TWeekday } from '@hep/shared/domain/constants';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import type { AppContext } from '../src/context';
import { feedback } from '../src/db/schema/feedback';
import { exercises } from '../src/db/schema/exercises';
import { programs } from '../src/db/schema/programs';
import { findExercisesOfPrograms, insertExercise } from '../src/modules/programs/exercises.repository';
import { insertProgramVersion, snapshotProgram } from '../src/modules/programs/program-versions.repository';
import { insertProgram } from '../src/modules/programs/programs.repository';
import { type MultipartPart, multipartBody, readFixture } from './fixtures/media-fixtures';
import { nextIp, type TestApp } from './helper';

/** yyyy-MM-dd of the app clock plus `days`. */
export function dayFrom(ctx: AppContext, days = 0): string {
  const date = ctx.now();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface ExerciseOverrides {
  name?: string;
  instructions?: string;
  position?: number;
  imageId?: number | null;
  videoId?: number | null;
  sourceExerciseId?: number | null;
}

export interface ProgramOverrides {
  name?: string;
  startDate?: string | null;
  endDate?: string | null;
  daysOfWeek?: TWeekday[];
  isDraft?: boolean;
  /** Defaults to two exercises; pass [] for none. */
  exercises?: ExerciseOverrides[];
  /** A published program gets its 'Initial program creation' version unless this is false. */
  withVersion?: boolean;
}

export interface BuiltProgram {
  id: number;
  exerciseIds: number[];
}

/** An exercise appended to a program (position after the last one unless given). */
export async function buildExercise(
  ctx: AppContext,
  programId: number,
  overrides: ExerciseOverrides = {},
): Promise<number> {
  const position = overrides.position ?? (await findExercisesOfPrograms(ctx.db, [programId])).length;
  return insertExercise(ctx.db, programId, {
    position,
    name: overrides.name ?? `Exercise ${position + 1}`,
    instructions: overrides.instructions ?? 'Ten slow repetitions, rest between sets.',
    imageId: overrides.imageId ?? null,
    videoId: overrides.videoId ?? null,
    sourceExerciseId: overrides.sourceExerciseId ?? null,
    now: ctx.now(),
  });
}

/**
 * A program of `clientId` prescribed by `therapistId`: published, started today, four weeks long, Mon/Wed/Fri,
 * with two exercises ('Sit to stand', 'Heel raises') unless overridden.
 */
export async function buildProgram(
  ctx: AppContext,
  clientId: number,
  therapistId: number | null,
  overrides: ProgramOverrides = {},
): Promise<BuiltProgram> {
  const isDraft = overrides.isDraft ?? false;
  const id = await insertProgram(ctx.db, {
    clientId,
    therapistId,
    name: overrides.name ?? 'Balance program',
    startDate: overrides.startDate === undefined ? dayFrom(ctx) : overrides.startDate,
    endDate: overrides.endDate === undefined ? dayFrom(ctx, 28) : overrides.endDate,
    daysOfWeek: overrides.daysOfWeek ?? ['MON', 'WED', 'FRI'],
    isDraft,
    now: ctx.now(),
  });
  const list = overrides.exercises ?? [
    { name: 'Sit to stand', instructions: 'Stand up from a chair without using your hands, 10 times.' },
    { name: 'Heel raises', instructions: 'Hold the bench, rise onto your toes, 15 times.' },
  ];
  const exerciseIds: number[] = [];
  for (const [position, exercise] of list.entries()) {
    exerciseIds.push(await buildExercise(ctx, id, { position, ...exercise }));
  }
  if (!isDraft && overrides.withVersion !== false) {
    await insertProgramVersion(ctx.db, {
      programId: id,
      changeReason: PROGRAM_TEXTS.versionInitial,
      snapshot: (await snapshotProgram(ctx.db, id))!,
      authorId: therapistId ?? clientId,
      now: ctx.now(),
    });
  }
  return { id, exerciseIds };
}

export interface FeedbackOverrides {
  dateCompleted?: string;
  effortRating?: number;
  /** Left out: no pain given. */
  pain?: number | null;
  feeling?: string;
  mediaId?: number | null;
}

/** A client's feedback on an exercise (program and client taken from the exercise), dated today by default. */
export async function buildFeedback(
  ctx: AppContext,
  exerciseId: number,
  overrides: FeedbackOverrides = {},
): Promise<number> {
  const [exercise] = await ctx.db
    .select({ programId: exercises.programId, clientId: programs.clientId })
    .from(exercises)
    .innerJoin(programs, eq(programs.id, exercises.programId))
    .where(eq(exercises.id, exerciseId));
  if (!exercise) throw new Error(`no exercise ${exerciseId}`);
  const [row] = await ctx.db
    .insert(feedback)
    .values({
      exerciseId,
      programId: exercise.programId,
      clientId: exercise.clientId,
      dateCompleted: overrides.dateCompleted ?? dayFrom(ctx),
      effortRating: overrides.effortRating ?? 5,
      pain: overrides.pain ?? null,
      feeling: overrides.feeling ?? '',
      mediaId: overrides.mediaId ?? null,
    })
    .returning({ id: feedback.id });
  return row!.id;
}

/** A save request's multipart body: lists become repeated fields, `exercises` is sent as JSON text. */
export function programForm(fields: Record<string, unknown>, files: MultipartPart[] = []) {
  const parts: MultipartPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (name === 'exercises' && typeof value !== 'string') parts.push({ name, data: JSON.stringify(value) });
    else if (Array.isArray(value)) for (const item of value) parts.push({ name, data: String(item) });
    else parts.push({ name, data: value === null ? '' : String(value) });
  }
  return multipartBody([...parts, ...files]);
}

/** Sends a multipart save (POST/PUT) as `session`. */
export function sendForm(
  t: TestApp,
  session: { headers: { authorization: string } } | null,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, unknown>,
  files: MultipartPart[] = [],
) {
  const body = programForm(fields, files);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(session ? session.headers : {}) },
    remoteAddress: nextIp(),
  });
}

/** A file part from test/fixtures (e.g. FIXTURES.jpeg). */
export const fixtureFile = (name: string, fixture: string, contentType?: string): MultipartPart => ({
  name,
  filename: fixture,
  data: readFixture(fixture),
  ...(contentType ? { contentType } : {}),
});
