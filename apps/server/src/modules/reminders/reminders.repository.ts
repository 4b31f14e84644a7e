import type { TLanguage } from '@hep/shared/languages';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownZones } from '../../db/known-zones';

/**
 * The reminder queue (docs/decisions/006-reminders-exactly-once.md). Written in SQL because "who is due" depends on
 * each client's own clock, which PostgreSQL converts into. Table and column names are those of
 * db/schema/reminders.ts, push-subscriptions.ts, users.ts, programs.ts, exercises.ts and feedback.ts.
 */

/**
 * A client with no preferred time is reminded at 09:00 local time (documented in
 * docs/decisions/006-reminders-exactly-once.md).
 */
const DEFAULT_REMINDER_TIME = '09:00';
/** A process that claimed a job and went quiet this long is presumed dead; another may take the job. */
const CLAIM_LEASE_MINUTES = 10;
const MAX_ATTEMPTS = 3;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * The client's zone as PostgreSQL knows it. The API accepts zones the JavaScript runtime knows; one PostgreSQL
 * lacks (PGlite ships fewer) falls back to UTC rather than failing the whole tick for everyone.
 */
const zoneOf = (u: string, zones: string[]) =>
  sql`(CASE WHEN ${sql.raw(u)}.notification_timezone = ANY (${sql.param(zones)}::text[]) THEN ${sql.raw(u)}.notification_timezone ELSE 'UTC' END)`;

/**
 * True when the client has, on local date `day`, a published program prescribed that day with at least one
 * current exercise still without feedback for that day (the day's status is pending or in progress).
 */
const hasExercisesPending = (u: string, day: SQL) => sql`EXISTS (
  SELECT 1 FROM programs p
  JOIN exercises e ON e.program_id = p.id AND e.removed_at IS NULL
  WHERE p.client_id = ${sql.raw(u)}.id
    AND NOT p.is_draft
    AND p.start_date <= ${day}
    AND (p.end_date IS NULL OR p.end_date >= ${day})
    AND (ARRAY['MON','TUE','WED','THU','FRI','SAT','SUN'])[extract(isodow FROM ${day})::int] = ANY (p.days_of_week)
    AND NOT EXISTS (SELECT 1 FROM feedback f WHERE f.exercise_id = e.id AND f.date_completed = ${day})
)`;

/** The user can be reached: by Web Push (notifications on and a subscribed device) or by email. */
const reachableSql = (u: string) => sql`((${sql.raw(u)}.receives_notifications
  AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = ${sql.raw(u)}.id)) OR ${sql.raw(u)}.receives_email)`;

/**
 * The live link `cl` of an active carer `cu` to the client `u` has opted in to the client's reminders
 * (docs/product/carers.md#reminders). A link is live through its last day in UTC, as everywhere else.
 */
const remindedCarerSql = (
  cl: string,
  u: string,
  cu: string,
  now: Date,
) => sql`${sql.raw(cl)}.client_id = ${sql.raw(u)}.id
  AND ${sql.raw(cl)}.receives_reminders AND ${sql.raw(cl)}.ended_at IS NULL
  AND (${sql.raw(cl)}.expires_on IS NULL OR ${sql.raw(cl)}.expires_on >= (${at(now)} AT TIME ZONE 'UTC')::date)
  AND ${sql.raw(cu)}.is_active`;

/** Users the tick looks at per round, and rounds per tick: a backlog (a fresh schedule, a long outage) drains over
 * a few ticks instead of holding one transaction open for long. */
const SCHEDULE_BATCH = 2_000;
const SCHEDULE_ROUNDS_PER_TICK = 10;

/**
 * The first instant on local date `day` at which the client's clock shows `time` or later (what "due" means below).
 * PostgreSQL maps a local time that happens twice (clocks going back) to the later instant: take the earlier one. A
 * local time that never happens (clocks going forward) maps to after the gap: answer an instant before it, so that
 * the client is looked at each tick until their clock passes `time`, as before.
 */
const firstInstantAt = (day: SQL, time: SQL, zone: SQL) => sql`(SELECT CASE
    WHEN ((x.at - interval '1 hour') AT TIME ZONE ${zone}) = x.wall THEN x.at - interval '1 hour'
    WHEN (x.at AT TIME ZONE ${zone}) > x.wall THEN x.at - ((x.at AT TIME ZONE ${zone}) - x.wall)
    ELSE x.at END
  FROM (SELECT w.wall, w.wall AT TIME ZONE ${zone} AS at FROM (SELECT ${day} + ${time} AS wall) w) x)`;

/**
 * Looks at the users whose reminder_schedule.check_at has come (an index range, so a tick costs what the clients due
 * now cost, not what all clients cost) and creates a job for each client due: active, reachable (a push subscription
 * with notifications on, or email reminders; or a carer who opted in to their reminders and is reachable so), local time at or past their preferred time, exercises still pending
 * today, no job yet today. Then moves each looked-at user's check_at on: to today's time if it has not come yet, to
 * tomorrow's once today is settled, to 'infinity' while they cannot be reminded at all (triggers in migration 0010
 * bring them back when that changes). The unique (user, day) index still makes a second insert a no-op.
 *
 * The due rows are locked first (SKIP LOCKED: nodes share the work) and decided on in a second statement: a program
 * saved meanwhile either committed before that statement's snapshot (so it is seen) or has to wait for this
 * transaction to re-arm its client's row (so the next tick sees it).
 */
export async function enqueueDueReminders(db: Db, now: Date): Promise<number> {
  const zones = await knownZones(db);
  let enqueued = 0;
  for (let round = 0; round < SCHEDULE_ROUNDS_PER_TICK; round += 1) {
    const { looked, created } = await db.transaction(async (tx) => {
      const due = (await tx.execute(sql`
        SELECT user_id FROM reminder_schedule WHERE check_at <= ${at(now)}
        ORDER BY check_at LIMIT ${SCHEDULE_BATCH} FOR UPDATE SKIP LOCKED
      `)) as unknown as { rows: { user_id: number }[] };
      const ids = due.rows.map((r) => Number(r.user_id));
      if (ids.length === 0) return { looked: 0, created: 0 };
      const result = (await tx.execute(sql`
        WITH c AS (
          SELECT u.id, z.zone, l.day, l.local_time,
            coalesce(u.notification_preferred_time, ${DEFAULT_REMINDER_TIME}::time) AS remind_at,
            u.is_active AND NOT u.is_staff AND NOT u.is_therapist AND NOT u.is_carer AND (
              ${reachableSql('u')} OR EXISTS (
                SELECT 1 FROM carer_links cl JOIN users cu ON cu.id = cl.carer_id
                WHERE ${remindedCarerSql('cl', 'u', 'cu', now)} AND ${reachableSql('cu')}
              )
            ) AS reachable
          FROM users u
          CROSS JOIN LATERAL (SELECT ${zoneOf('u', zones)} AS zone) z
          CROSS JOIN LATERAL (SELECT ${at(now)} AT TIME ZONE z.zone AS local_at) n
          CROSS JOIN LATERAL (SELECT n.local_at::date AS day, n.local_at::time AS local_time) l
          WHERE u.id = ANY (${sql.param(ids)}::int[])
        ),
        created AS (
          INSERT INTO reminder_jobs (user_id, day)
          SELECT c.id, c.day FROM c
          WHERE c.reachable AND c.local_time >= c.remind_at
            AND NOT EXISTS (SELECT 1 FROM reminder_jobs j WHERE j.user_id = c.id AND j.day = c.day)
            AND ${hasExercisesPending('c', sql`c.day`)}
          ON CONFLICT (user_id, day) DO NOTHING
          RETURNING 1
        ),
        moved AS (
          UPDATE reminder_schedule s SET check_at = CASE
            WHEN NOT c.reachable THEN 'infinity'::timestamptz
            WHEN c.local_time < c.remind_at THEN ${firstInstantAt(sql`c.day`, sql`c.remind_at`, sql`c.zone`)}
            ELSE ${firstInstantAt(sql`c.day + 1`, sql`c.remind_at`, sql`c.zone`)}
          END
          FROM c WHERE s.user_id = c.id
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM created) AS created, (SELECT count(*) FROM moved) AS moved
      `)) as unknown as { rows: { created: number | string }[] };
      return { looked: ids.length, created: Number(result.rows[0]?.created ?? 0) };
    });
    enqueued += created;
    if (looked < SCHEDULE_BATCH) break;
  }
  return enqueued;
}

/** Jobs that used up their attempts in a process that never came back: given up. */
export async function failAbandonedJobs(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE reminder_jobs SET status = 'failed'
    WHERE status = 'sending' AND attempts >= ${MAX_ATTEMPTS}
      AND claimed_at < ${at(now)} - make_interval(mins => ${CLAIM_LEASE_MINUTES})
  `);
}

export interface ClaimedJob {
  id: number;
  userId: number;
  day: string;
  claimedAt: Date;
  email: string;
  firstName: string;
  language: TLanguage;
  receivesEmail: boolean;
  receivesNotifications: boolean;
  /** The client's local date now: a job for an earlier day is stale. */
  today: string;
  /** Whether the client is still active and still has exercises pending for the job's day. */
  stillDue: boolean;
}

/**
 * Takes up to `limit` jobs for this process: pending ones, and ones whose claim has lapsed. FOR UPDATE SKIP LOCKED
 * lets several processes claim at once without waiting for or taking each other's jobs; the claim (status,
 * claimed_at, attempts) is part of the same statement, so it commits atomically.
 */
export async function claimJobs(db: Db, now: Date, limit: number): Promise<ClaimedJob[]> {
  const zones = await knownZones(db);
  const claimable = (t: string) => sql`${sql.raw(t)}.attempts < ${MAX_ATTEMPTS}
    AND (${sql.raw(t)}.status = 'pending' OR (${sql.raw(t)}.status = 'sending'
      AND ${sql.raw(t)}.claimed_at < ${at(now)} - make_interval(mins => ${CLAIM_LEASE_MINUTES})))`;
  // The outer check repeats the inner one: should the row have changed by the time it is updated, PostgreSQL
  // re-evaluates it against the new version, so a job another process just claimed is never claimed twice.
  const result = await db.execute(sql`
    UPDATE reminder_jobs j
    SET status = 'sending', claimed_at = ${at(now)}, attempts = j.attempts + 1
    FROM users u
    WHERE u.id = j.user_id AND ${claimable('j')} AND j.id IN (
      SELECT q.id FROM reminder_jobs q
      WHERE ${claimable('q')}
      ORDER BY q.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING j.id, j.user_id, j.day::text AS day, j.claimed_at, u.email, u.first_name, u.language, u.receives_email,
      u.receives_notifications,
      (${at(now)} AT TIME ZONE ${zoneOf('u', zones)})::date::text AS today,
      (u.is_active AND ${hasExercisesPending('u', sql`j.day`)}) AS still_due
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    day: String(r.day),
    claimedAt: new Date(r.claimed_at as string | Date),
    email: String(r.email),
    firstName: String(r.first_name),
    language: String(r.language) as TLanguage,
    receivesEmail: Boolean(r.receives_email),
    receivesNotifications: Boolean(r.receives_notifications),
    today: String(r.today),
    stillDue: Boolean(r.still_due),
  }));
}

/** A carer who gets a client's reminder on their own phone or in their own mail. */
export interface RemindedCarer {
  clientId: number;
  carerId: number;
  email: string;
  firstName: string;
  language: TLanguage;
  receivesEmail: boolean;
  receivesNotifications: boolean;
}

/** The carers who opted in to the reminders of these clients, for a batch of claimed jobs: one statement. */
export async function findRemindedCarers(db: Db, clientIds: number[], now: Date): Promise<RemindedCarer[]> {
  if (clientIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT cl.client_id, cu.id, cu.email, cu.first_name, cu.language, cu.receives_email, cu.receives_notifications
    FROM carer_links cl
    JOIN users u ON u.id = cl.client_id
    JOIN users cu ON cu.id = cl.carer_id
    WHERE u.id = ANY (${sql.param(clientIds)}::int[]) AND ${remindedCarerSql('cl', 'u', 'cu', now)}
  `);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    clientId: Number(r.client_id),
    carerId: Number(r.id),
    email: String(r.email),
    firstName: String(r.first_name),
    language: String(r.language) as TLanguage,
    receivesEmail: Boolean(r.receives_email),
    receivesNotifications: Boolean(r.receives_notifications),
  }));
}

export type FinalStatus = 'sent' | 'expired' | 'skipped';

/** Closes a job this process still holds (a claim that lapsed and was taken over is left to the new holder). */
export async function finishJob(db: Db, job: ClaimedJob, status: FinalStatus, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE reminder_jobs SET status = ${status}, sent_at = ${status === 'sent' ? at(now) : null}
    WHERE id = ${job.id} AND status = 'sending' AND claimed_at = ${job.claimedAt.toISOString()}::timestamptz
  `);
}
