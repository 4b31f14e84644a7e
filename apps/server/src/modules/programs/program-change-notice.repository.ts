import { sql } from 'drizzle-orm';
import type { TLanguage } from '@hep/shared/languages';
import type { Db } from '../../db/client';

/** Column and table names are those of db/schema/programs.ts, exercises.ts and users.ts. */

/**
 * At most one change notice per program in this long
 * (docs/product/reminders-and-notifications.md#change-notifications).
 */
export const CHANGE_NOTICE_INTERVAL_MS = 60 * 60 * 1000;

export interface ClaimedNotice {
  clientId: number;
  email: string;
  firstName: string;
  language: TLanguage;
  receivesEmail: boolean;
  receivesNotifications: boolean;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * Claims the right to tell the program's client it changed: sets `change_notified_at` to `now` only while the
 * program is published, its client is an active client (not staff, not a therapist) and the last notice is an hour
 * old or more. One UPDATE, run inside the save's transaction: a second save (here or on another node) waits for
 * the row lock and then sees the new time, so only one of them wins; a rolled-back save leaves no claim behind.
 * `now` is the app's clock, not SQL now(), so that tests can move it.
 */
export async function claimChangeNotice(db: Db, programId: number, now: Date): Promise<ClaimedNotice | null> {
  const result = await db.execute(sql`
    UPDATE programs p SET change_notified_at = ${at(now)}
    FROM users u
    WHERE p.id = ${programId} AND u.id = p.client_id
      AND NOT p.is_draft
      AND (p.change_notified_at IS NULL
        OR p.change_notified_at <= ${at(now)} - make_interval(secs => ${CHANGE_NOTICE_INTERVAL_MS / 1000}))
      AND u.is_active AND NOT u.is_staff AND NOT u.is_therapist AND NOT u.is_carer
    RETURNING u.id, u.email, u.first_name, u.language, u.receives_email, u.receives_notifications
  `);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return null;
  return {
    clientId: Number(row.id),
    email: String(row.email),
    firstName: String(row.first_name),
    language: String(row.language) as TLanguage,
    receivesEmail: Boolean(row.receives_email),
    receivesNotifications: Boolean(row.receives_notifications),
  };
}
