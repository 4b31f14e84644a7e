import type { TExercise } from '@hep/shared/schemas/programs';
import { exerciseProblems } from '@hep/shared/domain/program-checks';
import { MESSAGES } from '@hep/shared/messages';
import { ZExerciseInput } from '@hep/shared/schemas/programs';
import type { AppContext, Caller } from '../../context';
import { notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import {
  type ExerciseDraft,
  fieldsOf,
  invalid,
  readExerciseList,
  readId,
  type ReceivedForm,
  attachFiles,
} from '../programs/program-input';
import type { RequestMeta } from '../../lib/request-meta';
import { toExercise } from '../programs/program-response';
import { persistProgram, withStoredFiles } from '../programs/program-save.service';
import { auditPrograms, loadProgramInScope } from '../programs/programs.service';
import type { ProgramRow } from '../programs/programs.repository';
import { type ExerciseRow, findExerciseById, findExercisesOfPrograms } from './exercises.repository';

// The spec's separate exercise calls. Each one computes the program's whole new exercise list and saves it
// through persistProgram, the same code as a program save: same checks, same media rules, one transaction.

const asDraft = (e: ExerciseRow): ExerciseDraft => ({
  id: e.id,
  name: e.name,
  instructions: e.instructions,
  keepImage: true,
  keepVideo: true,
  sourceExerciseId: e.sourceExerciseId,
});

const single = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);
const keepFlag = (value: unknown) => {
  const v = single(value);
  return !(v === false || v === 'false');
};

/** Name and instructions of POST/PUT /exercises/, with the per-field messages of a program save. */
function readNameAndInstructions(form: ReceivedForm, fields: Record<string, string>) {
  const parsed = ZExerciseInput.pick({ name: true, instructions: true }).safeParse({
    name: single(form.fields.name) ?? undefined,
    instructions: single(form.fields.instructions) ?? undefined,
  });
  if (!parsed.success) Object.assign(fields, fieldsOf(parsed.error));
  return { name: parsed.data?.name.trim() ?? '', instructions: parsed.data?.instructions.trim() ?? '' };
}

/** Checks one exercise against the others of its program; the messages come back under `name`/`instructions`. */
function checkOne(others: ExerciseDraft[], target: ExerciseDraft, program: ProgramRow) {
  const fields = exerciseProblems([...others, target], !program.program.isDraft);
  const prefix = `exercises.${others.length}.`;
  const mine = Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
  if (Object.keys(mine).length) throw invalid(mine);
}

const auditExercise = (
  ctx: AppContext,
  caller: Caller,
  action: 'read' | 'create' | 'update' | 'delete',
  exerciseId: number,
  program: ProgramRow,
  meta: RequestMeta,
) =>
  writeAudit(ctx.db, {
    actorId: caller.id,
    action,
    entity: 'exercise',
    entityId: exerciseId,
    subjectUserId: program.program.clientId,
    correlationId: meta.correlationId,
    details: { program_id: program.program.id },
  });

async function loadExerciseInScope(ctx: AppContext, caller: Caller, id: number, mode: 'view' | 'write') {
  const exercise = await findExerciseById(ctx.db, id);
  // An exercise taken out of its program (kept for its feedback) can still be read, not changed.
  if (!exercise || (mode === 'write' && exercise.removedAt)) throw notFound();
  const program = await loadProgramInScope(ctx, caller, exercise.programId, mode);
  return { exercise, program };
}

async function exerciseResponse(
  ctx: AppContext,
  caller: Caller,
  program: ProgramRow,
  exerciseId: number,
): Promise<TExercise> {
  const all = await findExercisesOfPrograms(ctx.db, [program.program.id]);
  return toExercise(
    ctx,
    all.find((e) => e.id === exerciseId)!,
    program.therapistDiscipline ?? null,
    caller.id,
  );
}

export async function getExercise(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const { exercise, program } = await loadExerciseInScope(ctx, caller, id, 'view');
  await auditExercise(ctx, caller, 'read', id, program, meta);
  return toExercise(ctx, exercise, program.therapistDiscipline ?? null, caller.id);
}

/** POST /exercises/: one more exercise at the end of the program (files `image`, `video`). */
export async function createExercise(ctx: AppContext, caller: Caller, form: ReceivedForm, meta: RequestMeta) {
  const { program, exerciseId } = await withStoredFiles(ctx, form, async (stored) => {
    const fields: Record<string, string> = {};
    const programId = readId(form.fields.program_id, 'program_id', fields);
    const text = readNameAndInstructions(form, fields);
    if (Object.keys(fields).length) throw invalid(fields);
    const program = await loadProgramInScope(ctx, caller, programId!, 'write');
    const others = (await findExercisesOfPrograms(ctx.db, [programId!])).map(asDraft);
    const files = Object.fromEntries(form.files.map((f) => [f.field, f.upload]));
    const target: ExerciseDraft = {
      ...text,
      keepImage: false,
      keepVideo: false,
      sourceExerciseId: null,
      ...(files.image ? { image: files.image } : {}),
      ...(files.video ? { video: files.video } : {}),
    };
    checkOne(others, target, program);
    const saved = await persistProgram(
      ctx,
      caller,
      { kind: 'exercises', programId: programId!, version: program.program.version },
      [...others, target],
      stored,
    );
    return { program, exerciseId: saved.exerciseIds!.at(-1)! };
  });
  await auditExercise(ctx, caller, 'create', exerciseId, program, meta);
  return exerciseResponse(ctx, caller, program, exerciseId);
}

/** PUT /exercises/{id}/: new name and instructions; a new image/video replaces the current one. */
export async function updateExercise(
  ctx: AppContext,
  caller: Caller,
  id: number,
  form: ReceivedForm,
  meta: RequestMeta,
) {
  const program = await withStoredFiles(ctx, form, async (stored) => {
    const fields: Record<string, string> = {};
    const text = readNameAndInstructions(form, fields);
    if (Object.keys(fields).length) throw invalid(fields);
    const { exercise, program } = await loadExerciseInScope(ctx, caller, id, 'write');
    const programId = single(form.fields.program_id);
    if (programId !== undefined && programId !== '' && Number(programId) !== exercise.programId)
      throw notFound();
    const current = (await findExercisesOfPrograms(ctx.db, [exercise.programId])).map(asDraft);
    const files = Object.fromEntries(form.files.map((f) => [f.field, f.upload]));
    const target: ExerciseDraft = {
      ...asDraft(exercise),
      ...text,
      keepImage: keepFlag(form.fields.keep_image),
      keepVideo: keepFlag(form.fields.keep_video),
      ...(files.image ? { image: files.image } : {}),
      ...(files.video ? { video: files.video } : {}),
    };
    checkOne(
      current.filter((e) => e.id !== id),
      target,
      program,
    );
    const list = current.map((e) => (e.id === id ? target : e));
    await persistProgram(
      ctx,
      caller,
      { kind: 'exercises', programId: exercise.programId, version: program.program.version },
      list,
      stored,
    );
    return program;
  });
  await auditExercise(ctx, caller, 'update', id, program, meta);
  return exerciseResponse(ctx, caller, program, id);
}

/** DELETE /exercises/{id}/: out of the program; kept (hidden) when clients gave feedback on it, else deleted. */
export async function deleteExercise(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const { exercise, program } = await loadExerciseInScope(ctx, caller, id, 'write');
  const rest = (await findExercisesOfPrograms(ctx.db, [exercise.programId])).filter((e) => e.id !== id);
  await persistProgram(
    ctx,
    caller,
    { kind: 'exercises', programId: exercise.programId, version: program.program.version },
    rest.map(asDraft),
    [],
  );
  await auditExercise(ctx, caller, 'delete', id, program, meta);
}

/** POST /exercises/batch_create/: the program's whole exercise list (as in a program save), files included. */
export async function batchCreateExercises(
  ctx: AppContext,
  caller: Caller,
  form: ReceivedForm,
  meta: RequestMeta,
): Promise<TExercise[]> {
  const program = await withStoredFiles(ctx, form, async (stored) => {
    const fields: Record<string, string> = {};
    const programId = readId(form.fields.program_id, 'program_id', fields);
    if (form.fields.exercises === undefined) fields.exercises = MESSAGES.required;
    const drafts = readExerciseList(form.fields.exercises, fields) ?? [];
    attachFiles(drafts, form.files, fields);
    if (Object.keys(fields).length) throw invalid(fields);
    const program = await loadProgramInScope(ctx, caller, programId!, 'write');
    const checks = exerciseProblems(drafts, !program.program.isDraft);
    if (Object.keys(checks).length) throw invalid(checks);
    await persistProgram(
      ctx,
      caller,
      { kind: 'exercises', programId: programId!, version: program.program.version },
      drafts,
      stored,
    );
    return program;
  });
  await auditPrograms(
    ctx,
    caller,
    'update',
    [{ id: program.program.id, clientId: program.program.clientId }],
    meta,
  );
  const all = await findExercisesOfPrograms(ctx.db, [program.program.id]);
  return all.map((e) => toExercise(ctx, e, program.therapistDiscipline ?? null, caller.id));
}
