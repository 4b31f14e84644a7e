import type { TProgram } from '@hep/shared/schemas/programs';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import type { AppContext, Caller } from '../../context';
import { badRequest, conflict } from '../../lib/app-error';
import { invalid } from '../../lib/field-errors';
import type { RequestMeta } from '../../lib/request-meta';
import { inTransaction } from '../../lib/transaction';
import { loadClientInScope } from '../clients/clients.access';
import { withStoredUploads } from '../media/media.service';
import type { ExerciseDraft } from './exercise-drafts';
import { writeExercises } from './exercise-writer';
import { deliverChangeNotice, queueChangeNotice } from './program-change-notice';
import { findExercisesOfPrograms } from './exercises.repository';
import { checkProgram, type ProgramInput } from './program-input';
import { hasProgramVersions, insertProgramVersion, snapshotProgram } from './program-versions.repository';
import { auditPrograms, loadProgramInScope, loadPrograms } from './programs.service';
import {
  bumpProgramVersionIf,
  insertProgram,
  type ProgramValues,
  updateProgramIfVersion,
} from './programs.repository';

type SaveTarget =
  | { kind: 'create'; clientId: number; values: ProgramValues }
  | { kind: 'update'; programId: number; version: number; values: ProgramValues }
  /** The exercise calls: `version` is the program's version when they read its exercise list. */
  | { kind: 'exercises'; programId: number; version: number };

/**
 * The one way a program and its exercises are written (program saves and the exercise endpoints alike): in ONE
 * transaction the program row (409 on a stale version), the media rows, the exercises (reusing media by reference)
 * and, when publishing, a program version with a full snapshot. A save that leaves the program published tells its
 * client (program-change-notice: at most once an hour, the mail queued in the same transaction, the push after it).
 */
export async function persistProgram(
  ctx: AppContext,
  caller: Caller,
  target: SaveTarget,
  drafts: ExerciseDraft[] | undefined,
  meta: RequestMeta,
): Promise<{ programId: number; exerciseIds: number[] | undefined }> {
  const now = ctx.now();
  const saved = await inTransaction(ctx.db, async (tx) => {
    let programId: number;
    let reason: string | null = null;
    if (target.kind === 'create') {
      const therapistId = caller.id;
      programId = await insertProgram(tx, { ...target.values, clientId: target.clientId, therapistId, now });
      if (!target.values.isDraft) reason = PROGRAM_TEXTS.versionInitial;
    } else if (target.kind === 'update') {
      programId = target.programId;
      if (!(await updateProgramIfVersion(tx, programId, target.version, { ...target.values, now }))) {
        throw conflict(PROGRAM_TEXTS.staleProgram);
      }
      if (!target.values.isDraft) {
        reason = (await hasProgramVersions(tx, programId))
          ? PROGRAM_TEXTS.versionUpdated
          : PROGRAM_TEXTS.versionInitial;
      }
    } else {
      programId = target.programId;
      if (!(await bumpProgramVersionIf(tx, programId, target.version, now))) {
        throw conflict(PROGRAM_TEXTS.staleProgram);
      }
    }
    const exerciseIds = drafts ? await writeExercises(tx, caller, programId, drafts, now) : undefined;
    if (reason) {
      const snapshot = (await snapshotProgram(tx, programId))!;
      await insertProgramVersion(tx, { programId, changeReason: reason, snapshot, authorId: caller.id, now });
    }
    return { programId, exerciseIds, notice: await queueChangeNotice(ctx, tx, programId, now) };
  });
  deliverChangeNotice(ctx, saved.notice, meta.log);
  return { programId: saved.programId, exerciseIds: saved.exerciseIds };
}

const valuesOf = (v: ProgramInput['values']): ProgramValues => ({
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

/** Only staff or the client's care team create programs for a client (else 404): checked before any upload. */
export async function assertMayCreateProgram(ctx: AppContext, caller: Caller, clientId: number) {
  await loadClientInScope(ctx, caller, clientId, 'write');
}

/** POST /programs/: a new program for a client in the caller's scope, with its exercises and files. */
export async function createProgram(ctx: AppContext, caller: Caller, input: ProgramInput, meta: RequestMeta) {
  const clientId = input.clientId!;
  const isDraft = input.values.is_draft;
  const programId = await withStoredUploads(ctx, input.uploads, async () => {
    await loadClientInScope(ctx, caller, clientId, 'write');
    const fields = checkProgram(input.values, input.exercises ?? []);
    if (Object.keys(fields).length) throw invalid(fields);
    const target = { kind: 'create' as const, clientId, values: valuesOf(input.values) };
    return (await persistProgram(ctx, caller, target, input.exercises, meta)).programId;
  });
  await auditPrograms(ctx, caller, 'create', [{ id: programId, clientId }], meta, { is_draft: isDraft });
  return respond(
    ctx,
    caller,
    programId,
    isDraft ? PROGRAM_TEXTS.programSavedDraft : PROGRAM_TEXTS.programPublished,
  );
}

const CLIENT_FIXED = /*i18n*/ 'The client of a program cannot be changed.';

/** PUT /programs/{id}/: the whole form again, carrying the `version` it loaded (409 when someone saved since). */
export async function updateProgram(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: ProgramInput,
  meta: RequestMeta,
) {
  const isDraft = input.values.is_draft;
  const clientId = await withStoredUploads(ctx, input.uploads, async () => {
    const row = await loadProgramInScope(ctx, caller, id, 'write');
    if (input.clientId !== undefined && input.clientId !== row.program.clientId) {
      throw badRequest(CLIENT_FIXED, { client_id: CLIENT_FIXED });
    }
    if (input.version !== row.program.version) throw conflict(PROGRAM_TEXTS.staleProgram);
    const resulting = input.exercises ?? (await findExercisesOfPrograms(ctx.db, [id]));
    const fields = checkProgram(input.values, resulting);
    if (Object.keys(fields).length) throw invalid(fields);
    const version = row.program.version;
    const target = { kind: 'update' as const, programId: id, version, values: valuesOf(input.values) };
    await persistProgram(ctx, caller, target, input.exercises, meta);
    return row.program.clientId;
  });
  await auditPrograms(ctx, caller, 'update', [{ id, clientId }], meta, { is_draft: isDraft });
  return respond(
    ctx,
    caller,
    id,
    isDraft ? PROGRAM_TEXTS.draftUpdated : PROGRAM_TEXTS.programUpdatedPublished,
  );
}
