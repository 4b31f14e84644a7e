import { exerciseProblems } from '@hep/shared/domain/program-checks';
import type { TExercise } from '@hep/shared/schemas/programs';
import type { AppContext, Caller } from '../../context';
import { notFound } from '../../lib/app-error';
import { dosageFields, dosageValues } from '../../lib/dosage';
import { invalid } from '../../lib/field-errors';
import type { RequestMeta } from '../../lib/request-meta';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { withStoredUploads } from '../media/media.service';
import type { ExerciseDraft } from './exercise-drafts';
import type { ExerciseBatchInput, ExerciseChangeInput, NewExerciseInput } from './exercise-input';
import { type ExerciseRow, findExerciseById, findExercisesOfPrograms } from './exercises.repository';
import { toExercise } from './program-response';
import { persistProgram } from './program-save.service';
import { auditPrograms, loadProgramInScope, type ProgramRow } from './programs.service';

// The separate exercise calls (docs/product/programs-and-exercises.md#exercises), a sub-resource of programs. Each
// one computes the program's whole new exercise list and saves it through persistProgram, the same code as a program
// save: same checks, same media rules, one transaction.

const asDraft = (e: ExerciseRow): ExerciseDraft => ({
  id: e.id,
  name: e.name,
  instructions: e.instructions,
  keepImage: true,
  keepVideo: true,
  sourceExerciseId: e.sourceExerciseId,
  dosage: dosageValues(dosageFields(e)),
});

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
  writeAudit(
    ctx.db,
    auditEntries(
      caller,
      action,
      { entity: 'exercise', ids: [exerciseId], subjectUserId: program.program.clientId },
      meta,
      { program_id: program.program.id },
    ),
  );

/**
 * An exercise and its program, when the caller may view (or change) the program; else 404. An exercise taken out
 * of its program (kept for its feedback) can still be read, not changed.
 */
export async function loadExerciseInScope(
  ctx: AppContext,
  caller: Caller,
  id: number,
  mode: 'view' | 'write',
) {
  const exercise = await findExerciseById(ctx.db, id);
  if (!exercise || (mode === 'write' && exercise.removedAt)) throw notFound();
  const program = await loadProgramInScope(ctx, caller, exercise.programId, mode);
  return { exercise, program };
}

/** Changes to an exercise need its program in the caller's write scope (else 404): checked before uploads. */
export async function assertMayWriteExercise(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  await loadExerciseInScope(ctx, caller, id, 'write');
}

const exercisesOf = (ctx: AppContext, program: ProgramRow) =>
  findExercisesOfPrograms(ctx.db, [program.program.id]);

const saveList = (
  ctx: AppContext,
  caller: Caller,
  program: ProgramRow,
  list: ExerciseDraft[],
  meta: RequestMeta,
) =>
  persistProgram(
    ctx,
    caller,
    { kind: 'exercises', programId: program.program.id, version: program.program.version },
    list,
    meta,
  );

async function exerciseResponse(
  ctx: AppContext,
  caller: Caller,
  program: ProgramRow,
  exerciseId: number,
): Promise<TExercise> {
  const all = await exercisesOf(ctx, program);
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
export async function createExercise(
  ctx: AppContext,
  caller: Caller,
  input: NewExerciseInput,
  meta: RequestMeta,
) {
  const { program, exerciseId } = await withStoredUploads(ctx, input.uploads, async () => {
    const program = await loadProgramInScope(ctx, caller, input.programId, 'write');
    const others = (await exercisesOf(ctx, program)).map(asDraft);
    checkOne(others, input.draft, program);
    const saved = await saveList(ctx, caller, program, [...others, input.draft], meta);
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
  input: ExerciseChangeInput,
  meta: RequestMeta,
) {
  const program = await withStoredUploads(ctx, input.uploads, async () => {
    const { exercise, program } = await loadExerciseInScope(ctx, caller, id, 'write');
    if (input.programId !== undefined && input.programId !== exercise.programId) throw notFound();
    const current = (await exercisesOf(ctx, program)).map(asDraft);
    const dosage = dosageValues({ ...dosageFields(exercise), ...input.dosageSent });
    const target: ExerciseDraft = { ...asDraft(exercise), ...input.change, dosage };
    checkOne(
      current.filter((e) => e.id !== id),
      target,
      program,
    );
    await saveList(
      ctx,
      caller,
      program,
      current.map((e) => (e.id === id ? target : e)),
      meta,
    );
    return program;
  });
  await auditExercise(ctx, caller, 'update', id, program, meta);
  return exerciseResponse(ctx, caller, program, id);
}

/** DELETE /exercises/{id}/: out of the program; kept (hidden) when clients gave feedback on it, else deleted. */
export async function deleteExercise(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const { program } = await loadExerciseInScope(ctx, caller, id, 'write');
  const rest = (await exercisesOf(ctx, program)).filter((e) => e.id !== id);
  await saveList(ctx, caller, program, rest.map(asDraft), meta);
  await auditExercise(ctx, caller, 'delete', id, program, meta);
}

/** POST /exercises/batch_create/: the program's whole exercise list (as in a program save), files included. */
export async function batchCreateExercises(
  ctx: AppContext,
  caller: Caller,
  input: ExerciseBatchInput,
  meta: RequestMeta,
): Promise<TExercise[]> {
  const program = await withStoredUploads(ctx, input.uploads, async () => {
    const program = await loadProgramInScope(ctx, caller, input.programId, 'write');
    const checks = exerciseProblems(input.drafts, !program.program.isDraft);
    if (Object.keys(checks).length) throw invalid(checks);
    await saveList(ctx, caller, program, input.drafts, meta);
    return program;
  });
  const { id, clientId } = program.program;
  await auditPrograms(ctx, caller, 'update', [{ id, clientId }], meta);
  const all = await exercisesOf(ctx, program);
  return all.map((e) => toExercise(ctx, e, program.therapistDiscipline ?? null, caller.id));
}
