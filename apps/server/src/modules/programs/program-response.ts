import type { TExercise, TProgram } from '@hep/shared/schemas/programs';
import type { AppContext } from '../../context';
import type { DosageValues } from '../../lib/dosage';
import { signedMediaUrl } from '../media/media.service';
import type { ExerciseRow } from './exercises.repository';
import type { WeekProgramRow } from './program-reads.repository';
import { type ProgramSnapshot, snapshotOfExercise } from './program-versions.repository';
import type { ProgramScopeFacts } from './programs.policy';
import type { ProgramRow } from './programs.repository';

const fullName = (first: string | null, last: string | null) =>
  first && last ? `${first} ${last}` : first || last || '';

export const scopeFactsOf = (row: ProgramRow): ProgramScopeFacts => ({
  clientId: row.program.clientId,
  isDraft: row.program.isDraft,
  carerAccess: row.carerAccess,
  client: {
    id: row.program.clientId,
    isStaff: row.clientIsStaff,
    isTherapist: row.clientIsTherapist,
    isCarer: row.clientIsCarer,
    clientClinicId: row.clientClinicId,
    clientCreatedById: row.clientCreatedById,
  },
});

type ExerciseFields = Pick<
  ExerciseRow,
  'id' | 'programId' | 'position' | 'name' | 'instructions' | 'imageId' | 'videoId' | 'sourceExerciseId'
> &
  DosageValues;

/**
 * An exercise as a version (or the week statement) keeps it, as the API names it, in one step: the week list makes
 * a hundred of them per request. Versions from before dosage carry none. `viewerId`: the caller, signed into media
 * URLs so that the media log says who watched.
 */
function snapshotExercise(
  ctx: AppContext,
  e: ProgramSnapshot['exercises'][number],
  programId: number,
  discipline: string | null,
  viewerId: number,
): TExercise {
  return {
    id: e.id,
    program: programId,
    position: e.position,
    name: e.name,
    instructions: e.instructions,
    discipline,
    image_url: e.image_id ? signedMediaUrl(ctx, e.image_id, viewerId) : null,
    video_url: e.video_id ? signedMediaUrl(ctx, e.video_id, viewerId) : null,
    image_media_id: e.image_id,
    video_media_id: e.video_id,
    source_exercise: e.source_exercise_id,
    sets: e.sets ?? null,
    reps: e.reps ?? null,
    hold_seconds: e.hold_seconds ?? null,
    rest_seconds: e.rest_seconds ?? null,
    times_per_day: e.times_per_day ?? null,
    side: e.side ?? null,
  };
}

/** An exercise row as the API writes it (through its version's shape, the one place an exercise answer is made). */
export const toExercise = (
  ctx: AppContext,
  exercise: ExerciseFields,
  discipline: string | null,
  viewerId: number,
): TExercise => snapshotExercise(ctx, snapshotOfExercise(exercise), exercise.programId, discipline, viewerId);

/** A program's own fields as the API names them, whichever statement brought them. */
type ProgramFields = Omit<WeekProgramRow, 'exercises'>;

/** The one place a program answer is put together. */
function programOf(row: ProgramFields, exercises: TExercise[]): TProgram {
  return {
    id: row.id,
    name: row.name,
    client: {
      id: row.client_id,
      user: { id: row.client_id },
      first_name: row.client_first_name,
      last_name: row.client_last_name,
    },
    client_name: fullName(row.client_first_name, row.client_last_name),
    therapist: row.therapist_id,
    therapist_name: fullName(row.therapist_first_name, row.therapist_last_name),
    therapist_discipline: row.therapist_discipline,
    start_date: row.start_date,
    end_date: row.end_date,
    days_of_week: row.days_of_week as TProgram['days_of_week'],
    is_draft: row.is_draft,
    version: row.version,
    last_completed: row.last_completed,
    created_at: row.created_at,
    updated_at: row.updated_at,
    exercises,
  };
}

function toProgram(
  ctx: AppContext,
  row: ProgramRow,
  exercises: ExerciseFields[],
  viewerId: number,
): TProgram {
  const p = row.program;
  const discipline = row.therapistDiscipline ?? null;
  return programOf(
    {
      id: p.id,
      name: p.name,
      client_id: p.clientId,
      therapist_id: p.therapistId,
      start_date: p.startDate,
      end_date: p.endDate,
      days_of_week: p.daysOfWeek,
      is_draft: p.isDraft,
      version: p.version,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      client_first_name: row.clientFirstName,
      client_last_name: row.clientLastName,
      therapist_first_name: row.therapistFirstName,
      therapist_last_name: row.therapistLastName,
      therapist_discipline: discipline,
      last_completed: row.lastCompleted,
    },
    exercises.map((e) => toExercise(ctx, e, discipline, viewerId)),
  );
}

/** A program of the week list, shaped by its statement but for the media URLs signed for the viewer. */
export function toWeekProgram(ctx: AppContext, row: WeekProgramRow, viewerId: number): TProgram {
  const discipline = row.therapist_discipline;
  return programOf(
    row,
    row.exercises.map((e) => snapshotExercise(ctx, e, row.id, discipline, viewerId)),
  );
}

/** Many programs with the exercises of all of them (already loaded in one query). */
export function toPrograms(
  ctx: AppContext,
  rows: ProgramRow[],
  exercises: ExerciseRow[],
  viewerId: number,
): TProgram[] {
  const byProgram = new Map<number, ExerciseRow[]>();
  for (const e of exercises) {
    const list = byProgram.get(e.programId) ?? [];
    list.push(e);
    byProgram.set(e.programId, list);
  }
  return rows.map((row) => toProgram(ctx, row, byProgram.get(row.program.id) ?? [], viewerId));
}

/** A past version, shaped as today's program: names and last_completed are current, the rest as published. */
export function toHistoricalProgram(
  ctx: AppContext,
  row: ProgramRow,
  snapshot: ProgramSnapshot,
  viewerId: number,
): TProgram {
  const s = snapshot.program;
  const current = toProgram(ctx, row, [], viewerId);
  return {
    ...current,
    name: s.name,
    therapist: s.therapist_id,
    start_date: s.start_date,
    end_date: s.end_date,
    days_of_week: s.days_of_week as TProgram['days_of_week'],
    is_draft: s.is_draft,
    version: s.version,
    created_at: s.created_at,
    updated_at: s.updated_at,
    exercises: snapshot.exercises.map((e) =>
      snapshotExercise(ctx, e, s.id, current.therapist_discipline, viewerId),
    ),
  };
}
