import type { TClientProgress } from '@hep/shared/schemas/adherence';
import type { AppContext, Caller } from '../../context';
import { notFound } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { auditedCallerValues } from '../programs/programs.access';
import { knownZones } from './program-adherence.repository';
import { findClientProgress } from './client-progress.repository';

/**
 * GET /users/clients/{id}/progress/?weeks=: the client's weekly adherence over all their programs, with the effort
 * and pain of their reports (docs/product/feedback-and-progress.md#client-progress). Scoped as the client's record
 * is (staff and the care team, else 404); one statement, audit included (the zone list is read once).
 */
export async function getClientProgress(
  ctx: AppContext,
  caller: Caller,
  id: number,
  weeks: number,
  meta: RequestMeta,
): Promise<TClientProgress> {
  const [row] = await findClientProgress(ctx.db, {
    ...auditedCallerValues(caller, meta, ctx.now()),
    id,
    weeks,
    now: ctx.now().toISOString(),
    zones: await knownZones(ctx.db),
  });
  if (!row) throw notFound();
  return row.progress;
}
