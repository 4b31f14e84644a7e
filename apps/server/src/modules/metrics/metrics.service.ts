import type { TMetrics } from '@hep/shared/schemas/staff';
import type { AppContext } from '../../context';
import { readMetrics } from './metrics.repository';

/** The System Metrics Dashboard: one read of the counters the database keeps (metrics.repository). */
export function getMetrics(ctx: Pick<AppContext, 'db'>): Promise<TMetrics> {
  return readMetrics(ctx.db);
}
