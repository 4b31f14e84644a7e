import type { TProgram } from '@hep/shared/schemas/programs';
import type { AppContext, Caller } from '../../context';
import { notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { findExercisesOfPrograms } from '../exercises/exercises.repository';
import { discardStoredFiles } from '../media/media-upload';
import { findStorageKeysOfProgram } from '../media/media.repository';
import { isClientAccount, isOnCareTeam, userScopeFactsOf } from '../users/users.policy';
import { findUserDetail } from '../users/users.repository';
import type { RequestMeta } from '../../lib/request-meta';
import { scopeFactsOf, toPrograms } from './program-response';
import { canViewProgram, canWriteProgram, programListScope } from './programs.policy';
import {
  deleteProgramRow,
  findProgramRow,
  findProgramRows,
  inTransaction,
  type ProgramFilter,
  type ProgramRow,
} from './programs.repository';

/** A program the caller may see (or change); anything else is 404, never revealing that it exists. */
export async function loadProgramInScope(
  ctx: AppContext,
  caller: Caller,
  id: number,
  mode: 'view' | 'write',
): Promise<ProgramRow> {
  const row = await findProgramRow(ctx.db, id);
  if (!row) throw notFound();
  const facts = scopeFactsOf(row);
  const allowed = mode === 'view' ? canViewProgram(caller, facts) : canWriteProgram(caller, facts);
  if (!allowed) throw notFound();
  return row;
}

/** A client account the caller may see (staff, the care team, or the client themself); else 404. */
export async function loadClientInScope(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  mode: 'view' | 'write',
) {
  const row = await findUserDetail(ctx.db, clientId);
  if (!row || !row.hasClientProfile) throw notFound();
  const facts = userScopeFactsOf(row);
  if (!isClientAccount(facts)) throw notFound();
  const allowed =
    caller.isStaff || isOnCareTeam(caller, facts) || (mode === 'view' && caller.id === clientId);
  if (!allowed) throw notFound();
  return row;
}

export const auditPrograms = (
  ctx: AppContext,
  caller: Caller,
  action: 'read' | 'create' | 'update' | 'delete',
  programs: { id: number; clientId: number }[],
  meta: RequestMeta,
  details?: Record<string, unknown>,
) =>
  writeAudit(
    ctx.db,
    programs.map((p) => ({
      actorId: caller.id,
      action,
      entity: 'program',
      entityId: p.id,
      subjectUserId: p.clientId,
      correlationId: meta.correlationId,
      ...(details ? { details } : {}),
    })),
  );

/** Programs and the exercises of all of them: a constant number of queries however many programs there are. */
export async function loadPrograms(
  ctx: AppContext,
  filter: ProgramFilter,
  viewerId: number,
): Promise<TProgram[]> {
  const rows = await findProgramRows(ctx.db, filter);
  const exercises = await findExercisesOfPrograms(
    ctx.db,
    rows.map((r) => r.program.id),
  );
  return toPrograms(ctx, rows, exercises, viewerId);
}

/** Every program the caller sees without a `client` filter (programs.policy programListScope). */
export function listScopeFilter(caller: Caller): ProgramFilter {
  const scope = programListScope(caller);
  return scope === 'all'
    ? { kind: 'all' }
    : scope === 'care-team'
      ? { kind: 'care-team', therapistId: caller.id, clinicId: caller.clinicId }
      : { kind: 'client', clientId: caller.id, publishedOnly: true };
}

export async function listPrograms(
  ctx: AppContext,
  caller: Caller,
  query: { client?: number | undefined; start_date?: string | undefined; end_date?: string | undefined },
  meta: RequestMeta,
): Promise<TProgram[]> {
  let filter: ProgramFilter;
  if (query.client !== undefined) {
    await loadClientInScope(ctx, caller, query.client, 'view');
    // Only a client's own view hides drafts: staff and the care team see them.
    const publishedOnly = !caller.isStaff && !caller.isTherapist;
    filter = { kind: 'client', clientId: query.client, publishedOnly };
  } else {
    filter = listScopeFilter(caller);
  }
  // The weekly list: the schema admits both dates or neither.
  if (query.start_date && query.end_date) filter.activeIn = { start: query.start_date, end: query.end_date };
  const programs = await loadPrograms(ctx, filter, caller.id);
  await auditPrograms(
    ctx,
    caller,
    'read',
    programs.map((p) => ({ id: p.id, clientId: p.client.id })),
    meta,
  );
  return programs;
}

export async function getProgram(
  ctx: AppContext,
  caller: Caller,
  id: number,
  meta: RequestMeta,
): Promise<TProgram> {
  const row = await loadProgramInScope(ctx, caller, id, 'view');
  const [program] = toPrograms(ctx, [row], await findExercisesOfPrograms(ctx.db, [id]), caller.id);
  await auditPrograms(ctx, caller, 'read', [{ id, clientId: row.program.clientId }], meta);
  return program!;
}

/** Deletes the program (exercises, feedback, versions and media rows by cascade), then its stored files. */
export async function deleteProgram(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const row = await loadProgramInScope(ctx, caller, id, 'write');
  const storageKeys = await inTransaction(ctx.db, async (tx) => {
    const keys = await findStorageKeysOfProgram(tx, id);
    await deleteProgramRow(tx, id);
    return keys;
  });
  await discardStoredFiles(ctx, storageKeys);
  await auditPrograms(ctx, caller, 'delete', [{ id, clientId: row.program.clientId }], meta);
}
