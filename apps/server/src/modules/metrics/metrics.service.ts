import type { TMetrics } from '@hep/shared/schemas/staff';
import type { AppContext } from '../../context';
import {
  countProgramsByTherapist,
  countUsersByKind,
  countUsersPerClinic,
  summariseFeedback,
} from './metrics.repository';

/** The System Metrics Dashboard: four aggregate queries. */
export async function getMetrics(ctx: AppContext): Promise<TMetrics> {
  const [users, clinics, byTherapist, feedback] = await Promise.all([
    countUsersByKind(ctx.db),
    countUsersPerClinic(ctx.db),
    countProgramsByTherapist(ctx.db),
    summariseFeedback(ctx.db),
  ]);
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
