import type { TCompletedResponse, TFeedback } from '@hep/shared/schemas/feedback';
import type { AppContext, Caller } from '../../context';
import { forbidden, notFound } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { auditedCallerValues } from '../programs/programs.access';
import { loadProgramInScope, type ProgramRow } from '../programs/programs.service';
import { toFeedback, toFeedbackEntry } from './feedback-response';
import { findFeedbackHistory } from './feedback-statements.repository';
import { canGiveFeedback } from './feedback.policy';
import { findCompletedExerciseIds, findFeedbackRows, type FeedbackRow } from './feedback.repository';

/*
 * The reads of feedback (GET /feedback/, /feedback/completed/, /program-feedback/) and what every feedback use case
 * shares: the request's audit row and who may give feedback at all. Saving an entry is feedback-submit.service.
 */

/**
 * The request's one audit row naming every entry touched; a read that found nothing still records who looked
 * at which client's feedback (docs/product/security-and-privacy.md#audit-log). Details name records only, never the
 * effort or the feeling.
 */
export const auditFeedback = (
  ctx: AppContext,
  caller: Caller,
  action: 'read' | 'create' | 'update',
  clientId: number,
  entryIds: number[],
  meta: RequestMeta,
  details: Record<string, unknown>,
) =>
  writeAudit(
    ctx.db,
    auditEntries(
      caller,
      action,
      { entity: 'feedback', ids: entryIds, subjectUserId: clientId },
      meta,
      details,
    ),
  );

/** Therapists and staff read feedback but never give it (403); the route checks this before the upload too. */
export function assertMayGiveFeedback(caller: Caller): void {
  if (!canGiveFeedback(caller)) throw forbidden();
}

/** The entries a read found, audited as read by the caller, with media URLs signed for them. */
async function readEntries(
  ctx: AppContext,
  caller: Caller,
  program: ProgramRow,
  rows: FeedbackRow[],
  meta: RequestMeta,
  details: Record<string, unknown>,
): Promise<TFeedback[]> {
  const ids = rows.map((r) => r.feedback.id);
  await auditFeedback(ctx, caller, 'read', program.program.clientId, ids, meta, details);
  return rows.map((row) => toFeedback(ctx, row, caller.id));
}

/**
 * GET /feedback/?exercise=&date_completed=: newest first; removed exercises keep their history readable. One
 * prepared statement: scope, entries and the audit row (a read of nothing, or of nothing in scope, is recorded too).
 */
export async function listFeedback(
  ctx: AppContext,
  caller: Caller,
  query: { exercise: number; date_completed?: string | undefined },
  meta: RequestMeta,
): Promise<TFeedback[]> {
  const [result] = await findFeedbackHistory(ctx.db, {
    ...auditedCallerValues(caller, meta, ctx.now()),
    exercise: query.exercise,
    date: query.date_completed ?? null,
  });
  if (!result?.found) throw notFound();
  return result.entries.map((row) => toFeedbackEntry(ctx, row, caller.id));
}

/** GET /feedback/completed/?program=&date=: the program's current exercises with feedback that day. */
export async function listCompletedExercises(
  ctx: AppContext,
  caller: Caller,
  query: { program: number; date: string },
  meta: RequestMeta,
): Promise<TCompletedResponse> {
  const program = await loadProgramInScope(ctx, caller, query.program, 'view');
  const exerciseIds = await findCompletedExerciseIds(ctx.db, query.program, query.date);
  await auditFeedback(ctx, caller, 'read', program.program.clientId, [], meta, {
    program_id: query.program,
    date_completed: query.date,
  });
  return { exercise_ids: exerciseIds };
}

/** GET /program-feedback/?program=&date_completed=: every entry of the program's day, in exercise order. */
export async function listProgramDayFeedback(
  ctx: AppContext,
  caller: Caller,
  query: { program: number; date_completed: string },
  meta: RequestMeta,
): Promise<TFeedback[]> {
  const program = await loadProgramInScope(ctx, caller, query.program, 'view');
  const rows = await findFeedbackRows(ctx.db, {
    kind: 'program-day',
    programId: query.program,
    dateCompleted: query.date_completed,
  });
  return readEntries(ctx, caller, program, rows, meta, {
    program_id: query.program,
    date_completed: query.date_completed,
  });
}
