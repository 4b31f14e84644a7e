import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../lib/prepared-sql';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { serverKeys } from '../../db/schema/server-keys';
import { users } from '../../db/schema/users';

interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Saves the endpoint for the user: a new row, or the user's own row with fresh keys. An endpoint another user holds
 * is left as it is and null comes back (decision 008): in one statement, so two users racing for one endpoint
 * cannot both win. Turns notifications on, and keeps only the user's `keep` newest subscriptions so that one
 * account cannot fan a reminder out to endless endpoints.
 */
export async function upsertSubscription(
  db: Db,
  userId: number,
  input: SubscriptionKeys,
  keep: number,
  timezone?: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, ...input })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: input.p256dh, auth: input.auth, createdAt: sql`now()` },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) return null;
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(keep);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    await tx
      .update(users)
      .set({
        receivesNotifications: true,
        // A zone the user chose stays; none chosen yet takes the browser's.
        ...(timezone
          ? { notificationTimezone: sql`coalesce(${users.notificationTimezone}, ${timezone})` }
          : {}),
      })
      .where(eq(users.id, userId));
    return row.id;
  });
}

export async function findOwnSubscription(db: Db, userId: number, endpoint: string) {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return row ?? null;
}

/** Removes the user's subscription for the endpoint; its id, or null when the user had none. */
export async function deleteOwnSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<number | null> {
  const [row] = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return row?.id ?? null;
}

const subscriptionsOfUsers = preparedStatement<{
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}>(
  'push_subscriptions_of_users',
  () => sql`select id, user_id as "userId", endpoint, p256dh, auth from push_subscriptions
    where user_id = any(${sql.placeholder('user_ids')}::integer[]) order by user_id, id`,
);

/** Every browser subscription of the users, in one query (by user, oldest first). */
export const findSubscriptionsOfUsers = (db: Db, userIds: number[]) =>
  subscriptionsOfUsers(db, { user_ids: `{${userIds.join(',')}}` });

/** Drops a subscription the push service says is gone (404/410). */
export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Stores the value under the name unless a value is already there (another process won the race). */
export async function insertServerKeyIfMissing(db: Db, name: string, value: unknown): Promise<void> {
  await db.insert(serverKeys).values({ name, value }).onConflictDoNothing({ target: serverKeys.name });
}

export async function findServerKey(db: Db, name: string): Promise<unknown> {
  const [row] = await db
    .select({ value: serverKeys.value })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  return row?.value ?? null;
}
