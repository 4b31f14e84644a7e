import type { TAdherence } from '@hep/shared/schemas/adherence';
import type { AppContext, Caller } from '../../context';
import { notFound } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { findProgramAdherence, knownZones } from './program-adherence.repository';
import { auditedCallerValues } from '../programs/programs.access';
import type { AdherenceClock } from './progress.sql';

export type { AdherenceClock };

/** What a list's adherence needs: the app's clock, and the zones PostgreSQL knows (read once per process). */
export const adherenceClock = async (ctx: AppContext): Promise<AdherenceClock> => ({
  now: ctx.now(),
  zones: await knownZones(ctx.db),
});

/**
 * GET /programs/{id}/adherence/?weeks=: the program's weekly adherence and its last 7 and 28 days, in the client's
 * today. Scoped as reading the program is (else 404); one statement, audit included (the zone list is read once).
 */
export async function getProgramAdherence(
  ctx: AppContext,
  caller: Caller,
  id: number,
  weeks: number,
  meta: RequestMeta,
): Promise<TAdherence> {
  const zones = await knownZones(ctx.db);
  const [row] = await findProgramAdherence(ctx.db, {
    ...auditedCallerValues(caller, meta, ctx.now()),
    id,
    weeks,
    now: ctx.now().toISOString(),
    zones,
  });
  if (!row) throw notFound();
  return row.adherence;
}
