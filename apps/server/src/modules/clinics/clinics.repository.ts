import { asc, eq } from 'drizzle-orm';
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

export const listClinics = (db: Db) =>
  db.select({ id: clinics.id, name: clinics.name }).from(clinics).orderBy(asc(clinics.id));
