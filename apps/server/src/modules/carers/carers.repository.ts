import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TCarerAccess } from '@hep/shared/schemas/carers';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';
import { carerLinks } from '../../db/schema/carer-links';
import { users } from '../../db/schema/users';

const carerUser = alias(users, 'carer_user');
const clientUser = alias(users, 'client_user');

/** Not ended, and its last day not before `today` (docs/product/carers.md#scope). */
const isLive = (today: string) =>
  and(isNull(carerLinks.endedAt), or(isNull(carerLinks.expiresOn), gte(carerLinks.expiresOn, today)));

const linkColumns = {
  id: carerLinks.id,
  clientId: carerLinks.clientId,
  carerId: carerLinks.carerId,
  relationship: carerLinks.relationship,
  access: carerLinks.access,
  expiresOn: carerLinks.expiresOn,
  receivesReminders: carerLinks.receivesReminders,
  createdAt: carerLinks.createdAt,
  endedAt: carerLinks.endedAt,
  carerFirstName: carerUser.firstName,
  carerLastName: carerUser.lastName,
  carerEmail: carerUser.email,
};

/** The live links of a client, oldest first, with each carer's name and email. */
export function findLiveLinksOfClient(db: Db, clientId: number, today: string) {
  return db
    .select(linkColumns)
    .from(carerLinks)
    .innerJoin(carerUser, eq(carerUser.id, carerLinks.carerId))
    .where(and(eq(carerLinks.clientId, clientId), isLive(today)))
    .orderBy(carerLinks.createdAt, carerLinks.id);
}
export type CarerLinkRow = Awaited<ReturnType<typeof findLiveLinksOfClient>>[number];

/** One link that has not been ended (live or past its last day), with its carer; null when there is none. */
export async function findOpenLink(db: Db, id: number): Promise<CarerLinkRow | null> {
  const [row] = await db
    .select(linkColumns)
    .from(carerLinks)
    .innerJoin(carerUser, eq(carerUser.id, carerLinks.carerId))
    .where(and(eq(carerLinks.id, id), isNull(carerLinks.endedAt)));
  return row ?? null;
}

/** The link of the carer to the client that has not been ended, or null. */
export async function findOpenLinkBetween(db: Db, carerId: number, clientId: number) {
  const [row] = await db
    .select({ id: carerLinks.id, expiresOn: carerLinks.expiresOn })
    .from(carerLinks)
    .where(
      and(eq(carerLinks.carerId, carerId), eq(carerLinks.clientId, clientId), isNull(carerLinks.endedAt)),
    );
  return row ?? null;
}

export interface NewCarerLink {
  carerId: number;
  clientId: number;
  relationship: string;
  access: TCarerAccess;
  expiresOn: string | null;
  createdById: number;
}

/**
 * Ends a link of the pair that is past its last day (it no longer counts) and adds the new one, in one transaction;
 * a live link already there makes the partial unique index refuse the insert (the service answers 409).
 */
export async function insertLink(db: Db, input: NewCarerLink, now: Date, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(carerLinks)
      .set({ endedAt: now })
      .where(
        and(
          eq(carerLinks.carerId, input.carerId),
          eq(carerLinks.clientId, input.clientId),
          isNull(carerLinks.endedAt),
          sql`${carerLinks.expiresOn} < ${today}::date`,
        ),
      );
    const [row] = await tx
      .insert(carerLinks)
      .values({ ...input, createdAt: now })
      .returning({ id: carerLinks.id });
    return row!.id;
  });
}

export async function updateLink(
  db: Db,
  id: number,
  values: { access: TCarerAccess; expiresOn: string | null },
) {
  await db
    .update(carerLinks)
    .set(values)
    .where(and(eq(carerLinks.id, id), isNull(carerLinks.endedAt)));
}

/** Ends the link; false when it had already ended. */
export async function endLink(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(carerLinks)
    .set({ endedAt: now })
    .where(and(eq(carerLinks.id, id), isNull(carerLinks.endedAt)))
    .returning({ id: carerLinks.id });
  return rows.length > 0;
}

/** A carer's live links with each client's name, by the client's name. */
export function findLiveClientsOfCarer(db: Db, carerId: number, today: string) {
  return db
    .select({
      id: carerLinks.id,
      clientId: carerLinks.clientId,
      relationship: carerLinks.relationship,
      access: carerLinks.access,
      expiresOn: carerLinks.expiresOn,
      receivesReminders: carerLinks.receivesReminders,
      clientFirstName: clientUser.firstName,
      clientLastName: clientUser.lastName,
    })
    .from(carerLinks)
    .innerJoin(clientUser, eq(clientUser.id, carerLinks.clientId))
    .where(and(eq(carerLinks.carerId, carerId), isLive(today), eq(clientUser.isActive, true)))
    .orderBy(sql`lower(${clientUser.lastName})`, sql`lower(${clientUser.firstName})`, carerLinks.id);
}

/** Sets the carer's reminder preference on their own live link; false when there is no such link. */
export async function setLinkReminders(
  db: Db,
  id: number,
  carerId: number,
  today: string,
  receivesReminders: boolean,
): Promise<boolean> {
  const rows = await db
    .update(carerLinks)
    .set({ receivesReminders })
    .where(and(eq(carerLinks.id, id), eq(carerLinks.carerId, carerId), isLive(today)))
    .returning({ id: carerLinks.id });
  return rows.length > 0;
}

/** The last `limit` audit rows about the client whose actor is a carer, newest first (audit_log_subject_idx). */
export function findCarerAuditOfClient(db: Db, clientId: number, limit: number) {
  return db
    .select({
      carerId: auditLog.actorId,
      carerFirstName: carerUser.firstName,
      carerLastName: carerUser.lastName,
      action: auditLog.action,
      record: auditLog.targetType,
      at: auditLog.at,
    })
    .from(auditLog)
    .innerJoin(carerUser, and(eq(carerUser.id, auditLog.actorId), eq(carerUser.isCarer, true)))
    .where(eq(auditLog.subjectUserId, clientId))
    .orderBy(desc(auditLog.at), desc(auditLog.seq))
    .limit(limit);
}
