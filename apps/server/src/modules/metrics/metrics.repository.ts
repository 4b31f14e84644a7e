import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import {
  staffClinicCounts,
  staffFeedbackCounts,
  staffTherapistCounts,
  staffUserCounts,
} from '../../db/schema/staff-counters';
import { users } from '../../db/schema/users';

// Every figure comes from the counters the database keeps with each write (migration 0022,
// docs/decisions/028-staff-counters.md): a handful of rows whatever the number of users, programs and reports. The
// shard rows of a counter are summed; an empty table sums to 0, as counting no rows did.
const summed = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number);
const counted = (column: AnyPgColumn) => sql<number>`coalesce(${column}, 0)::int`.mapWith(Number);

export async function countUsersByKind(db: Db) {
  const [row] = await db
    .select({
      total: summed(staffUserCounts.total),
      active: summed(staffUserCounts.active),
      therapists: summed(staffUserCounts.therapists),
      clients: summed(staffUserCounts.clients),
    })
    .from(staffUserCounts);
  return row!;
}

/** Per clinic (all clinics, by name): its therapists and clients, all and active ones. */
export function countUsersPerClinic(db: Db) {
  return db
    .select({
      name: clinics.name,
      totalTherapists: counted(staffClinicCounts.therapists),
      activeTherapists: counted(staffClinicCounts.activeTherapists),
      totalClients: counted(staffClinicCounts.clients),
      activeClients: counted(staffClinicCounts.activeClients),
    })
    .from(clinics)
    .leftJoin(staffClinicCounts, eq(staffClinicCounts.clinicId, clinics.id))
    .orderBy(asc(sql`lower(${clinics.name})`), asc(clinics.id));
}

/** Therapists who wrote programs: how many, for how many distinct clients; most programs first. */
export function countProgramsByTherapist(db: Db) {
  return db
    .select({
      email: users.email,
      programCount: counted(staffTherapistCounts.programs),
      clientCount: counted(staffTherapistCounts.clients),
    })
    .from(staffTherapistCounts)
    .innerJoin(users, eq(users.id, staffTherapistCounts.therapistId))
    .where(gt(staffTherapistCounts.programs, 0))
    .orderBy(desc(staffTherapistCounts.programs), asc(users.email));
}

export async function summariseFeedback(db: Db) {
  const [row] = await db
    .select({
      total: summed(staffFeedbackCounts.reports),
      // Over rated reports only: effort 0 means "not rated" (docs/product/feedback-and-progress.md#effort). The
      // sum over the count, as avg() divides, rounded to one decimal.
      averageEffort: sql<number | null>`round(sum(${staffFeedbackCounts.effortSum})::numeric
        / nullif(sum(${staffFeedbackCounts.rated}), 0), 1)::float8`,
    })
    .from(staffFeedbackCounts);
  return {
    total: row!.total,
    averageEffort: row!.averageEffort === null ? null : Number(row!.averageEffort),
  };
}
