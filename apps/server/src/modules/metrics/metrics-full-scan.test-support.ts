import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TMetrics } from '@hep/shared/schemas/staff';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { feedback } from '../../db/schema/feedback';
import { programs } from '../../db/schema/programs';
import { clientProfiles, therapistProfiles, users } from '../../db/schema/users';

// The metrics as they were read before the counters (docs/decisions/028-staff-counters.md): four aggregates over
// every row of users, profiles, programs and feedback. The tests and bench/staff-metrics.ts hold the counters' read
// to exactly this answer.

const countAll = () => sql<number>`count(*)::int`.mapWith(Number);
const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);

async function countUsersByKind(db: Db) {
  const [row] = await db
    .select({
      total: countAll(),
      active: countWhere(sql`${users.isActive}`),
      therapists: countWhere(sql`${users.isTherapist}`),
      clients: countWhere(sql`not ${users.isStaff} and not ${users.isTherapist} and not ${users.isCarer}`),
    })
    .from(users);
  return row!;
}

/** Per clinic (all clinics, by name): its therapists and clients, all and active ones. */
function countUsersPerClinic(db: Db) {
  const t = db
    .select({
      clinicId: therapistProfiles.clinicId,
      total: countAll().as('t_total'),
      active: countWhere(sql`${users.isActive}`).as('t_active'),
    })
    .from(therapistProfiles)
    .innerJoin(users, eq(users.id, therapistProfiles.userId))
    .groupBy(therapistProfiles.clinicId)
    .as('t');
  const c = db
    .select({
      clinicId: clientProfiles.clinicId,
      total: countAll().as('c_total'),
      active: countWhere(sql`${users.isActive}`).as('c_active'),
    })
    .from(clientProfiles)
    .innerJoin(users, eq(users.id, clientProfiles.userId))
    .groupBy(clientProfiles.clinicId)
    .as('c');
  return db
    .select({
      name: clinics.name,
      totalTherapists: sql<number>`coalesce(${t.total}, 0)::int`.mapWith(Number),
      activeTherapists: sql<number>`coalesce(${t.active}, 0)::int`.mapWith(Number),
      totalClients: sql<number>`coalesce(${c.total}, 0)::int`.mapWith(Number),
      activeClients: sql<number>`coalesce(${c.active}, 0)::int`.mapWith(Number),
    })
    .from(clinics)
    .leftJoin(t, eq(t.clinicId, clinics.id))
    .leftJoin(c, eq(c.clinicId, clinics.id))
    .orderBy(asc(sql`lower(${clinics.name})`), asc(clinics.id));
}

/** Therapists who wrote programs: how many, for how many distinct clients; most programs first. */
function countProgramsByTherapist(db: Db) {
  const programCount = sql<number>`count(${programs.id})::int`.mapWith(Number);
  return db
    .select({
      email: users.email,
      programCount,
      clientCount: sql<number>`count(distinct ${programs.clientId})::int`.mapWith(Number),
    })
    .from(programs)
    .innerJoin(users, eq(users.id, programs.therapistId))
    .groupBy(users.id, users.email)
    .orderBy(desc(programCount), asc(users.email));
}

async function summariseFeedback(db: Db) {
  const [row] = await db
    .select({
      total: countAll(),
      // Effort 0 means "not rated" (docs/product/feedback-and-progress.md#effort): it does not count towards the
      // average.
      averageEffort: sql<
        number | null
      >`round(avg(${feedback.effortRating}) filter (where ${feedback.effortRating} > 0)::numeric, 1)::float8`,
    })
    .from(feedback);
  return {
    total: row!.total,
    averageEffort: row!.averageEffort === null ? null : Number(row!.averageEffort),
  };
}

/** The System Metrics Dashboard counted from every row, in the response's shape. */
export async function getMetricsByFullScan(db: Db): Promise<TMetrics> {
  const [users, clinics, byTherapist, feedback] = await Promise.all([
    countUsersByKind(db),
    countUsersPerClinic(db),
    countProgramsByTherapist(db),
    summariseFeedback(db),
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
