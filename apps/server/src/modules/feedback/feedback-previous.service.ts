import type { TPreviousReport } from '@hep/shared/schemas/feedback';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { loadProgramInScope } from '../programs/programs.service';
import { findPreviousReports } from './feedback.repository';
import { auditFeedback } from './feedback.service';

/**
 * GET /feedback/previous/?program=&date=: each current exercise's latest entry before the date, effort and pain only
 * (the client's All done compares today with it, docs/product/session.md#all-done). Audited as a read of those
 * entries.
 */
export async function listPreviousReports(
  ctx: AppContext,
  caller: Caller,
  query: { program: number; date: string },
  meta: RequestMeta,
): Promise<TPreviousReport[]> {
  const program = await loadProgramInScope(ctx, caller, query.program, 'view');
  const rows = await findPreviousReports(ctx.db, query.program, query.date);
  const ids = rows.map((row) => row.id);
  await auditFeedback(ctx, caller, 'read', program.program.clientId, ids, meta, {
    program_id: query.program,
    before: query.date,
  });
  return rows.map(({ id: _id, ...report }) => report);
}
