import type { TMetrics } from '@hep/shared/schemas/staff';
import type { AppContext } from '../../context';
import {
  countProgramsByTherapist,
  countUsersByKind,
  countUsersPerClinic,
  summariseFeedback,
} from './metrics.repository';

/**
 * The System Metrics Dashboard: four small reads of the counters the database keeps (metrics.repository), one after
 * the other: each takes well under a millisecond, and in parallel they would hold four of the pool's connections
 * per request, which under load leaves other requests waiting for one.
 */
export async function getMetrics(ctx: Pick<AppContext, 'db'>): Promise<TMetrics> {
  const users = await countUsersByKind(ctx.db);
  const clinics = await countUsersPerClinic(ctx.db);
  const byTherapist = await countProgramsByTherapist(ctx.db);
  const feedback = await summariseFeedback(ctx.db);
  return {
    users,
    clinics: clinics.map((c) => ({
      name: c.name,
      total_therapists: c.totalTherapists,
      active_therapists: c.activeTherapists,
      total_clients: c.totalClients,
      active_clients: c.activeClients,
      total_users: c.totalTherapists + c.totalClients,
      active_users: c.activeTherapists + c.activeClients,
    })),
    programs: {
      by_therapist: byTherapist.map((p) => ({
        user__email: p.email,
        program_count: p.programCount,
        client_count: p.clientCount,
      })),
    },
    exercise_feedback: { total: feedback.total, average_effort: feedback.averageEffort },
  };
}
