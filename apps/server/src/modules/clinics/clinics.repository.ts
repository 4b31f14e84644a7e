import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';

export async function insertClinic(db: Db, name: string): Promise<number> {
  const [row] = await db.insert(clinics).values({ name }).returning({ id: clinics.id });
  return row!.id;
}

export async function findClinic(db: Db, id: number) {
  const [row] = await db.select().from(clinics).where(eq(clinics.id, id));
  return row ?? null;
}

/** Sorted by name as people read it (case-insensitive), the id breaking ties. */
export const listClinics = (db: Db) =>
  db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .orderBy(asc(sql`lower(${clinics.name})`), asc(clinics.id));

/** Arbitrary but fixed: serialises clinic creation so two racing requests cannot add the same name twice. */
const CLINIC_NAME_LOCK_ID = 7_300_412;

/** Adds the clinic unless one has the same name in any letter case; null when the name is taken. */
export async function insertClinicIfNameFree(db: Db, name: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLINIC_NAME_LOCK_ID})`);
    const [taken] = await tx
      .select({ id: clinics.id })
      .from(clinics)
      .where(sql`lower(${clinics.name}) = lower(${name})`)
      .limit(1);
    if (taken) return null;
    return insertClinic(tx, name);
  });
}

/** A clinic's settings row. */
export async function findClinicSettings(db: Db, id: number) {
  const [row] = await db
    .select({
      id: clinics.id,
      name: clinics.name,
      crisisText: clinics.crisisText,
      retentionYears: clinics.retentionYears,
    })
    .from(clinics)
    .where(eq(clinics.id, id));
  return row ?? null;
}

/** The settings given (absent ones stay). */
export async function updateClinicSettings(
  db: Db,
  id: number,
  settings: { crisisText?: string | null; retentionYears?: number },
) {
  if (Object.keys(settings).length === 0) return;
  await db.update(clinics).set(settings).where(eq(clinics.id, id));
}
