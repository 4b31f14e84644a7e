import type { TProgram, TProgramListItem } from '@hep/shared/schemas/programs';
import type { AppContext, Caller } from '../../context';
import { notFound, outOfScope } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { inTransaction } from '../../lib/transaction';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { carerViewerOf } from '../carers/carers.policy';
import { loadClientInScope } from '../clients/clients.access';
import { discardStoredFiles, mediaIdsOfProgram, removeUnreferencedMedia } from '../media/media.service';
import { findExercisesOfPrograms } from './exercises.repository';
import { type AdherenceClock, adherenceClock } from '../progress/program-adherence.service';
import { findWeekPrograms } from './program-reads.repository';
import { scopeFactsOf, toPrograms, toWeekProgram } from './program-response';
import { auditedCallerValues } from './programs.access';
import type { ProgramListKind } from './programs.sql';
import { canViewProgram, canWriteProgram, programListScope } from './programs.policy';
import {
  deleteProgramRow,
  findProgramRow,
  findProgramRows,
  type ProgramFilter,
  type ProgramRow,
} from './programs.repository';

export type { ProgramRow };

/** A program the caller may see (or change); anything else is 404, never revealing that it exists. */
export async function loadProgramInScope(
  ctx: AppContext,
  caller: Caller,
  id: number,
  mode: 'view' | 'write',
): Promise<ProgramRow> {
  const row = await findProgramRow(ctx.db, id, carerViewerOf(caller, ctx.now()));
  if (!row) throw notFound();
  const facts = scopeFactsOf(row);
  const allowed = mode === 'view' ? canViewProgram(caller, facts) : canWriteProgram(caller, facts);
  // Out of scope: the same 404, audited as a denied attempt.
  if (!allowed) throw outOfScope({ entity: 'program', id, subjectUserId: row.program.clientId });
  return row;
}

/** Saves to a program (and its exercises) need it in the caller's write scope (else 404): checked before uploads. */
export async function assertMayWriteProgram(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  await loadProgramInScope(ctx, caller, id, 'write');
}

/** The request's one audit row naming the programs (none when there are none), about their client(s). */
export async function auditPrograms(
  ctx: AppContext,
  caller: Caller,
  action: 'read' | 'create' | 'update' | 'delete',
  programs: { id: number; clientId: number }[],
  meta: RequestMeta,
  details?: Record<string, unknown>,
) {
  if (programs.length === 0) return;
  const records = {
    entity: 'program',
    ids: programs.map((p) => p.id),
    subjectUserId: (index: number) => programs[index]!.clientId,
  };
  await writeAudit(ctx.db, auditEntries(caller, action, records, meta, details));
}

/**
 * Programs and the exercises of all of them: a constant number of queries however many programs there are. With
 * `clock`, each carries its last-7-days adherence, read by the same query (the client page's cards).
 */
export async function loadPrograms(
  ctx: AppContext,
  filter: ProgramFilter,
  viewerId: number,
  clock?: AdherenceClock,
): Promise<TProgramListItem[]> {
  const rows = await findProgramRows(ctx.db, filter, clock);
  const exercises = await findExercisesOfPrograms(
    ctx.db,
    rows.map((r) => r.program.id),
  );
  const programs = toPrograms(ctx, rows, exercises, viewerId);
  if (!clock) return programs;
  return programs.map((program, i) => ({ ...program, adherence_last_7: rows[i]!.adherenceLast7 }));
}

/** Which list statement a caller runs without a `client` filter (programs.policy programListScope). */
export function listKindOf(caller: Caller): ProgramListKind {
  const scope = programListScope(caller);
  return scope === 'own-published' ? 'own' : scope;
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
): Promise<TProgramListItem[]> {
  // The week (both dates, no client filter; the client's home screen): one prepared statement, audit included.
  if (query.client === undefined && query.start_date && query.end_date) {
    const rows = await findWeekPrograms[listKindOf(caller)](ctx.db, {
      ...auditedCallerValues(caller, meta, ctx.now()),
      start: query.start_date,
      end: query.end_date,
    });
    return rows.map((row) => toWeekProgram(ctx, row, caller.id));
  }
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
  // One client's programs (the client page's cards) carry their last-7-days adherence
  // (docs/product/feedback-and-progress.md#adherence).
  const clock = query.client === undefined ? undefined : await adherenceClock(ctx);
  const programs = await loadPrograms(ctx, filter, caller.id, clock);
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

/**
 * Deletes the program (exercises, feedback and versions by cascade) and the media nothing else references (a
 * library item, a template or another program may still use a file:
 * docs/product/library-and-templates.md#media-by-reference), then those files.
 */
export async function deleteProgram(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const row = await loadProgramInScope(ctx, caller, id, 'write');
  const storageKeys = await inTransaction(ctx.db, async (tx) => {
    const mediaIds = await mediaIdsOfProgram(tx, id);
    await deleteProgramRow(tx, id);
    return removeUnreferencedMedia(tx, mediaIds);
  });
  await discardStoredFiles(ctx, storageKeys);
  await auditPrograms(ctx, caller, 'delete', [{ id, clientId: row.program.clientId }], meta);
}
