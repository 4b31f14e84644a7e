import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { feedback } from '../../db/schema/feedback';
import { programs } from '../../db/schema/programs';
import { clientProfiles, therapistProfiles, users } from '../../db/schema/users';

// Every figure is an aggregate computed by the database: no rows are loaded into Node.
const countAll = () => sql<number>`count(*)::int`.mapWith(Number);
const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);

export async function countUsersByKind(db: Db) {
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
export function countUsersPerClinic(db: Db) {
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
export function countProgramsByTherapist(db: Db) {
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

export async function summariseFeedback(db: Db) {
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
