import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';

/**
 * The mail outbox (docs/decisions/010-mail-outbox.md): one row per message, from queued to sent. Claiming is written
 * in SQL for FOR UPDATE SKIP LOCKED; column names are those of db/schema/mail-outbox.ts.
 */

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export interface NewMail {
  purpose: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

/** Queues a message, due at once. `now` is the app's clock, so that tests can move the schedule. */
export async function insertMail(db: Db, mail: NewMail, now: Date): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, nextAttemptAt: now, createdAt: now })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export interface ClaimedMail extends NewMail {
  id: number;
  /** Including the one this claim starts. */
  attempts: number;
  claimedAt: Date;
}

/**
 * Takes up to `limit` due messages for this process: pending ones whose next attempt has come, and ones whose lease
 * has run out (their process died mid-send). FOR UPDATE SKIP LOCKED lets several processes claim at once without
 * waiting for or taking each other's rows; the claim (status, attempts, claimed_at, and next_attempt_at moved to the
 * end of the lease) is the same statement, so it commits atomically.
 */
export async function claimDueMail(
  db: Db,
  now: Date,
  options: { limit: number; leaseMs: number; maxAttempts: number },
): Promise<ClaimedMail[]> {
  const due = (t: string) => sql`${sql.raw(t)}.status IN ('pending', 'sending')
    AND ${sql.raw(t)}.next_attempt_at <= ${at(now)} AND ${sql.raw(t)}.attempts < ${options.maxAttempts}`;
  // MATERIALIZED: the pick runs once. As `id IN (subquery)` PostgreSQL may rescan it for each row it updates, and
  // with SKIP LOCKED every rescan finds rows not yet locked: one claim would take the whole queue, not a batch.
  // The outer check repeats the inner one: should the row have changed by the time it is updated, PostgreSQL
  // re-evaluates it against the new version, so a row another process just claimed is never claimed twice.
  const result = await db.execute(sql`
    WITH picked AS MATERIALIZED (
      SELECT q.id FROM mail_outbox q
      WHERE ${due('q')}
      ORDER BY q.next_attempt_at, q.id
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE mail_outbox m
    SET status = 'sending', attempts = m.attempts + 1, claimed_at = ${at(now)},
      next_attempt_at = ${at(now)} + make_interval(secs => ${options.leaseMs / 1000})
    FROM picked
    WHERE m.id = picked.id AND ${due('m')}
    RETURNING m.id, m.purpose, m.recipient, m.subject, m.text, m.html, m.attempts, m.claimed_at
  `);
  return rowsOf(result)
    .map((r) => ({
      id: Number(r.id),
      purpose: String(r.purpose),
      recipient: String(r.recipient),
      subject: String(r.subject),
      text: String(r.text),
      html: String(r.html),
      attempts: Number(r.attempts),
      claimedAt: new Date(r.claimed_at as string | Date),
    }))
    .sort((a, b) => a.id - b.id);
}

/** The claim this process holds: a claim that lapsed and was taken over is left to its new holder. */
const heldBy = (mail: ClaimedMail) =>
  sql`id = ${mail.id} AND status = 'sending' AND claimed_at = ${mail.claimedAt.toISOString()}::timestamptz`;

/**
 * Once a mail is sent or given up, its body is blanked: it holds a working one-time link, which the database
 * otherwise keeps only as a hash (one_time_tokens).
 */
const BLANK_BODY = sql`text = '', html = ''`;

export async function markMailSent(db: Db, mail: ClaimedMail, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE mail_outbox SET status = 'sent', sent_at = ${at(now)}, last_error = NULL, ${BLANK_BODY}
    WHERE ${heldBy(mail)}
  `);
}

/** After a failed attempt: pending again from `retryAt`, or failed for good when `retryAt` is null. */
export async function markMailAttemptFailed(
  db: Db,
  mail: ClaimedMail,
  retryAt: Date | null,
  error: string,
): Promise<void> {
  await db.execute(sql`
    UPDATE mail_outbox
    SET status = ${retryAt ? 'pending' : 'failed'}, next_attempt_at = ${retryAt ? at(retryAt) : sql`next_attempt_at`},
      last_error = ${error}${retryAt ? sql`` : sql`, ${BLANK_BODY}`}
    WHERE ${heldBy(mail)}
  `);
}

/** Hands back a claimed message not tried (the process is stopping): due at once, the attempt not counted. */
export async function releaseMail(db: Db, mail: ClaimedMail, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE mail_outbox SET status = 'pending', attempts = attempts - 1, next_attempt_at = ${at(now)}
    WHERE ${heldBy(mail)}
  `);
}

export interface AbandonedMail {
  id: number;
  purpose: string;
  recipient: string;
  attempts: number;
}

/** Messages whose last attempt was in a process that never came back: given up. */
export async function failAbandonedMail(db: Db, now: Date, maxAttempts: number): Promise<AbandonedMail[]> {
  const result = await db.execute(sql`
    UPDATE mail_outbox
    SET status = 'failed', last_error = 'the last attempt never finished (its process stopped)', ${BLANK_BODY}
    WHERE status = 'sending' AND next_attempt_at <= ${at(now)} AND attempts >= ${maxAttempts}
    RETURNING id, purpose, recipient, attempts
  `);
  return rowsOf(result).map((r) => ({
    id: Number(r.id),
    purpose: String(r.purpose),
    recipient: String(r.recipient),
    attempts: Number(r.attempts),
  }));
}

export interface OutboxBacklog {
  /** Mail not yet sent nor given up: due, waiting to be retried, or being sent. */
  count: number;
  /** When the oldest of them was queued; null when there is none. */
  oldestQueuedAt: Date | null;
}

/** The backlog in one statement, read through the partial index on pending and sending rows. */
export async function readOutboxBacklog(db: Db): Promise<OutboxBacklog> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS count, min(created_at) AS oldest FROM mail_outbox WHERE status IN ('pending', 'sending')
  `);
  const row = rowsOf(result)[0];
  return {
    count: Number(row?.count ?? 0),
    oldestQueuedAt: row?.oldest == null ? null : new Date(row.oldest as string | Date),
  };
}
