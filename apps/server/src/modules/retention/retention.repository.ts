import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Retention and erasure (docs/product/retention.md). Table and column names are those of db/schema: users.ts,
// clinics.ts, programs.ts, feedback.ts, messages.ts, measures.ts, carer-links.ts, media.ts, mail-outbox.ts,
// login-failures.ts, idempotency-keys.ts, passkeys.ts, refresh-tokens.ts and retention-runs.ts.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::integer[]`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Arbitrary but fixed: one retention run at a time across every process (the daily job, the CLI). */
const RETENTION_LOCK_ID = 7_300_413;

/** Held until the transaction ends: a second run waits for the first and then sees what it left. */
export async function lockRetention(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK_ID})`);
}

/** Takes the day for this run; false when another run already did (or, uncommitted, is doing) it. */
export async function claimRetentionDay(tx: Db, day: string, now: Date): Promise<boolean> {
  const result = await tx.execute(sql`insert into retention_runs (day, finished_at, result)
    values (${day}::date, ${at(now)}, '{}'::jsonb) on conflict (day) do nothing returning day`);
  return rowsOf(result).length === 1;
}

export async function recordRetentionRun(tx: Db, day: string, now: Date, result: object): Promise<void> {
  await tx.execute(sql`update retention_runs set finished_at = ${at(now)}, result = ${JSON.stringify(result)}::jsonb
    where day = ${day}::date`);
}

/** What erasing a client removes, counted (ids and numbers only: docs/product/retention.md#the-cli). */
export interface ClientRecordCounts {
  id: number;
  clinic_id: number | null;
  programs: number;
  feedback: number;
  messages: number;
  measure_results: number;
  carer_links: number;
}

const isClientAccount = sql`cp.user_id is not null and not u.is_staff and not u.is_therapist and not u.is_carer`;

const countsOf = (where: ReturnType<typeof sql>) => sql`select u.id, cp.clinic_id,
    (select count(*) from programs p where p.client_id = u.id)::int as programs,
    (select count(*) from feedback f where f.client_id = u.id)::int as feedback,
    (select count(*) from messages m where m.client_id = u.id)::int as messages,
    (select count(*) from measure_results r where r.client_id = u.id)::int as measure_results,
    (select count(*) from carer_links l where l.client_id = u.id)::int as carer_links
  from users u join client_profiles cp on cp.user_id = u.id left join clinics c on c.id = cp.clinic_id
  where ${isClientAccount} and ${where}
  order by u.id`;

/**
 * Clients deactivated longer than their clinic keeps records at `now` (7 years without a clinic), through the
 * partial index on users.deactivated_at.
 */
export async function findExpiredClients(db: Db, now: Date): Promise<ClientRecordCounts[]> {
  const result = await db.execute(
    countsOf(sql`not u.is_active and u.deactivated_at is not null
      and u.deactivated_at <= ${at(now)} - make_interval(years => coalesce(c.retention_years, 7))`),
  );
  return rowsOf<ClientRecordCounts>(result);
}

/** A user as the erase call needs it: whether it is a client account, its clinic and whether it is active. */
export async function findEraseCandidate(db: Db, id: number) {
  const result =
    await db.execute(sql`select u.id, u.is_active, cp.clinic_id, (${isClientAccount}) as is_client
    from users u left join client_profiles cp on cp.user_id = u.id where u.id = ${id}`);
  const row = rowsOf<{ id: number; is_active: boolean; clinic_id: number | null; is_client: boolean }>(
    result,
  )[0];
  return row
    ? { id: row.id, isActive: row.is_active, clinicId: row.clinic_id, isClient: row.is_client }
    : null;
}

/**
 * Every media id the clients' records use: what may lose its last reference when they go (their programs' holds and
 * exercises, their feedback, their conversation, what they uploaded). Read before the rows go.
 */
export async function findMediaIdsOfClients(db: Db, clientIds: readonly number[]): Promise<number[]> {
  if (clientIds.length === 0) return [];
  const list = ids(clientIds);
  const result = await db.execute(sql`
    select pm.media_id as id from program_media pm join programs p on p.id = pm.program_id
      where p.client_id = any(${list})
    union select e.image_id from exercises e join programs p on p.id = e.program_id
      where p.client_id = any(${list}) and e.image_id is not null
    union select e.video_id from exercises e join programs p on p.id = e.program_id
      where p.client_id = any(${list}) and e.video_id is not null
    union select md.id from media md join programs p on p.id = md.program_id where p.client_id = any(${list})
    union select f.media_id from feedback f where f.client_id = any(${list}) and f.media_id is not null
    union select m.media_id from messages m where m.client_id = any(${list}) and m.media_id is not null
    union select md.id from media md where md.owner_id = any(${list})`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * Deletes the client accounts (deactivated ones only, whatever the caller checked before); their programs (exercises, versions, feedback, holds on media), messages and read
 * marks, measures, carer links, reminders, push subscriptions, passkeys, tokens and idempotency keys go with them by
 * cascade. Mail still queued or kept for them and their failed logins (by address) go first. Returns the ids deleted.
 */
export async function deleteClientAccounts(db: Db, clientIds: readonly number[]): Promise<number[]> {
  if (clientIds.length === 0) return [];
  const list = ids(clientIds);
  await db.execute(sql`delete from mail_outbox where lower(recipient) in
    (select lower(email) from users where id = any(${list}))`);
  await db.execute(sql`delete from login_failures where lower(email) in
    (select lower(email) from users where id = any(${list}))`);
  const result = await db.execute(sql`delete from users u using client_profiles cp
    where cp.user_id = u.id and u.id = any(${list}) and ${isClientAccount} and not u.is_active returning u.id`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** Rows the job prunes, by kind (docs/product/retention.md#pruning). */
export interface PruneCounts {
  sent_mail: number;
  idempotency_keys: number;
  passkey_challenges: number;
  refresh_tokens: number;
}

/** The prune statements, each `from <table> where <expired>`: counted by a dry run, deleted by a run. */
function pruneTargets(cutoffs: { mail: Date; idempotency: Date; now: Date }) {
  return {
    // Sent mail, or mail given up on, whose last word is older than the cutoff.
    sent_mail: sql`mail_outbox where status in ('sent', 'failed')
      and coalesce(sent_at, created_at) < ${at(cutoffs.mail)}`,
    idempotency_keys: sql`idempotency_keys where created_at < ${at(cutoffs.idempotency)}`,
    passkey_challenges: sql`passkey_challenges where expires_at < ${at(cutoffs.now)}`,
    // A rotated token stays (reuse detection) until it expires; revoked ones open nothing.
    refresh_tokens: sql`refresh_tokens where revoked or expires_at < ${at(cutoffs.now)}`,
  } satisfies Record<keyof PruneCounts, ReturnType<typeof sql>>;
}

export async function prune(
  db: Db,
  cutoffs: { mail: Date; idempotency: Date; now: Date },
  dryRun: boolean,
): Promise<PruneCounts> {
  const counts = {} as PruneCounts;
  for (const [kind, target] of Object.entries(pruneTargets(cutoffs)) as [
    keyof PruneCounts,
    ReturnType<typeof sql>,
  ][]) {
    const result = await db.execute(
      dryRun
        ? sql`select count(*)::int as n from ${target}`
        : sql`with gone as (delete from ${target} returning 1) select count(*)::int as n from gone`,
    );
    counts[kind] = rowsOf<{ n: number }>(result)[0]!.n;
  }
  return counts;
}
