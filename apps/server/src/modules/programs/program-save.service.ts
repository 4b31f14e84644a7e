import { MESSAGES } from '@hep/shared/messages';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { AppContext, Caller } from '../../context';
import { badRequest, conflict } from '../../lib/app-error';
import { findExercisesOfPrograms } from '../exercises/exercises.repository';
import { discardStoredFiles } from '../media/media-upload';
import { copySourceMedia, writeExercises } from './exercise-writer';
import {
  type ExerciseDraft,
  invalid,
  readProgramInput,
  type ReceivedForm,
  checkProgram,
} from './program-input';
import type { RequestMeta } from '../../lib/request-meta';
import { hasProgramVersions, insertProgramVersion, snapshotProgram } from './program-versions.repository';
import { auditPrograms, loadClientInScope, loadProgramInScope, loadPrograms } from './programs.service';
import {
  bumpProgramVersionIf,
  inTransaction,
  insertProgram,
  type ProgramValues,
  updateProgramIfVersion,
} from './programs.repository';

export type SaveTarget =
  | { kind: 'create'; clientId: number; values: ProgramValues }
  | { kind: 'update'; programId: number; version: number; values: ProgramValues }
  /** The exercise calls: `version` is the program's version when they read its exercise list. */
  | { kind: 'exercises'; programId: number; version: number };

/**
 * Runs `save` with the storage keys of the files this request stored; if anything fails, those files are removed
 * (the database side rolls back by itself), so a failed save leaves nothing behind.
 */
export async function withStoredFiles<T>(
  ctx: AppContext,
  form: ReceivedForm,
  save: (stored: string[]) => Promise<T>,
): Promise<T> {
  const stored = form.files.map((f) => f.upload.storageKey);
  try {
    return await save(stored);
  } catch (error) {
    await discardStoredFiles(ctx, stored);
    throw error;
  }
}

/**
 * The one way a program and its exercises are written (program saves and the exercise endpoints alike): copies a
 * replicated program's media, then in ONE transaction the program row (409 on a stale version), the media rows,
 * the exercises and, when publishing, a program version with a full snapshot.
 */
export async function persistProgram(
  ctx: AppContext,
  caller: Caller,
  target: SaveTarget,
  drafts: ExerciseDraft[] | undefined,
  stored: string[],
): Promise<{ programId: number; exerciseIds: number[] | undefined }> {
  const copies = drafts ? await copySourceMedia(ctx, caller, drafts, stored) : new Map();
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    let programId: number;
    let reason: string | null = null;
    if (target.kind === 'create') {
      const therapistId = caller.id;
      programId = await insertProgram(tx, { ...target.values, clientId: target.clientId, therapistId, now });
      if (!target.values.isDraft) reason = MESSAGES.versionInitial;
    } else if (target.kind === 'update') {
      programId = target.programId;
      if (!(await updateProgramIfVersion(tx, programId, target.version, { ...target.values, now }))) {
        throw conflict(MESSAGES.staleProgram);
      }
      if (!target.values.isDraft) {
        reason = (await hasProgramVersions(tx, programId))
          ? MESSAGES.versionUpdated
          : MESSAGES.versionInitial;
      }
    } else {
      programId = target.programId;
      if (!(await bumpProgramVersionIf(tx, programId, target.version, now))) {
        throw conflict(MESSAGES.staleProgram);
      }
    }
    const exerciseIds = drafts ? await writeExercises(tx, caller, programId, drafts, copies, now) : undefined;
    if (reason) {
      const snapshot = (await snapshotProgram(tx, programId))!;
      await insertProgramVersion(tx, { programId, changeReason: reason, snapshot, authorId: caller.id, now });
    }
    return { programId, exerciseIds };
  });
}

const valuesOf = (v: ReturnType<typeof readProgramInput>['values']): ProgramValues => ({
  name: v.name,
  startDate: v.start_date,
  endDate: v.end_date,
  daysOfWeek: v.days_of_week,
  isDraft: v.is_draft,
});

async function respond(ctx: AppContext, caller: Caller, programId: number, message: string) {
  const [program] = await loadPrograms(ctx, { kind: 'id', id: programId }, caller.id);
  return { id: programId, message, program: program as TProgram };
}

/** POST /programs/: a new program for a client in the caller's scope, with its exercises and files. */
export async function createProgram(ctx: AppContext, caller: Caller, form: ReceivedForm, meta: RequestMeta) {
  const { programId, isDraft, clientId } = await withStoredFiles(ctx, form, async (stored) => {
    const input = readProgramInput(form, 'create');
    await loadClientInScope(ctx, caller, input.clientId!, 'write');
    const fields = checkProgram(input.values, input.exercises ?? []);
    if (Object.keys(fields).length) throw invalid(fields);
    const target = { kind: 'create' as const, clientId: input.clientId!, values: valuesOf(input.values) };
    const saved = await persistProgram(ctx, caller, target, input.exercises, stored);
    return { programId: saved.programId, isDraft: input.values.is_draft, clientId: input.clientId! };
  });
  await auditPrograms(ctx, caller, 'create', [{ id: programId, clientId }], meta, { is_draft: isDraft });
  return respond(ctx, caller, programId, isDraft ? MESSAGES.programSavedDraft : MESSAGES.programPublished);
}

/** PUT /programs/{id}/: the whole form again, carrying the `version` it loaded (409 when someone saved since). */
export async function updateProgram(
  ctx: AppContext,
  caller: Caller,
  id: number,
  form: ReceivedForm,
  meta: RequestMeta,
) {
  const { isDraft, clientId } = await withStoredFiles(ctx, form, async (stored) => {
    const input = readProgramInput(form, 'update');
    const row = await loadProgramInScope(ctx, caller, id, 'write');
    if (input.clientId !== undefined && input.clientId !== row.program.clientId) {
      throw badRequest('The client of a program cannot be changed.', {
        client_id: 'The client of a program cannot be changed.',
      });
    }
    if (input.version !== row.program.version) throw conflict(MESSAGES.staleProgram);
    const resulting = input.exercises ?? (await findExercisesOfPrograms(ctx.db, [id]));
    const fields = checkProgram(input.values, resulting);
    if (Object.keys(fields).length) throw invalid(fields);
    const target = {
      kind: 'update' as const,
      programId: id,
      version: input.version,
      values: valuesOf(input.values),
    };
    await persistProgram(ctx, caller, target, input.exercises, stored);
    return { isDraft: input.values.is_draft, clientId: row.program.clientId };
  });
  await auditPrograms(ctx, caller, 'update', [{ id, clientId }], meta, { is_draft: isDraft });
  return respond(ctx, caller, id, isDraft ? MESSAGES.draftUpdated : MESSAGES.programUpdatedPublished);
}
