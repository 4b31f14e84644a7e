import type pg from 'pg';
import { VOLUME } from './seed-volume';

/** The measured conversation: a client of the bench clinic, whose care team is two therapists. */
export const BENCH_CONVERSATION = {
  clinicId: 900,
  therapistId: 2_900_000,
  colleagueId: 2_900_001,
  clientId: 3_000_001,
  therapistEmail: 'messages-therapist@bench.test',
  /** Its messages: a dozen pages of 50, so that the first page has older ones behind it. */
  messages: 600,
} as const;

/** Every conversation's messages together, the measured one's included. */
export const MESSAGES = 1_000_000;

/** Media ids of the seeded photos and videos start above this (clear of the starter library's). */
const MEDIA_BASE = 5_000_000;

/**
 * The bench clinic and 1,000,000 messages over the 100,000 background clients' conversations (bench/seed-volume.ts
 * makes those clients, each with a program whose id is the client's) and the measured one, in a handful of
 * generate_series statements. Message g is the measured conversation's when g is a multiple of the stride, else
 * the background client g mod 100,000's: a conversation's messages are spread over the table as they would be after
 * months of everyone writing at once. 15 s apart, the oldest about 6 months ago; one in three from the client's
 * therapist (the measured one: its client and two therapists in turn), one in ten of the background ones about a day's
 * exercise, one in twenty with a photo or video, one in fifty removed. Read marks: a third of the clients read to
 * their last message, a third of the therapists part of the way; in the measured one, the client all of it and the
 * therapist all but the last 20.
 */
export async function seedMessages(db: pg.Client, passwordHash: string): Promise<void> {
  const c = BENCH_CONVERSATION;
  const stride = Math.floor(MESSAGES / c.messages);
  const skippedChecks = await db.query('set session_replication_role = replica').then(
    () => true,
    () => false,
  );
  await db.query(`insert into clinics (id, name) values ($1, 'Bench messages clinic')`, [c.clinicId]);
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, is_therapist, agreed_to_terms)
     values ($1, $3, $4, 'Terry', 'Messages', true, true), ($2, 'messages-colleague@bench.test', $4, 'Casey',
       'Colleague', true, true)`,
    [c.therapistId, c.colleagueId, c.therapistEmail, passwordHash],
  );
  await db.query(
    `insert into therapist_profiles (user_id, discipline, clinic_id)
     values ($1, 'Physiotherapist', $3), ($2, 'Occupational therapist', $3)`,
    [c.therapistId, c.colleagueId, c.clinicId],
  );
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, date_of_birth, agreed_to_terms)
     values ($1, 'messages-client@bench.test', $2, 'Sam', 'Smith', '1960-05-01', true)`,
    [c.clientId, passwordHash],
  );
  await db.query(
    `insert into client_profiles (user_id, condition, clinic_id, created_by_id) values ($1, 'Knee', $2, $3)`,
    [c.clientId, c.clinicId, c.therapistId],
  );
  await db.query(
    `insert into messages (id, client_id, sender_id, text, media_id, program_id, exercise_id, day, created_at,
       deleted_at)
     select g, w.client_id, w.sender_id,
       case when w.removed then '' else 'Is my knee meant to click after the heel raises? (' || g || ')' end,
       case when not w.removed and (g / 13) % 20 = 3 then $7::int + g end,
       case when w.tied then w.client_id end, case when w.tied then w.client_id end, case when w.tied then w.at::date end,
       w.at, case when w.removed then w.at + interval '1 minute' end
     from generate_series(1, $1::int) g
     cross join lateral (
       select g % $2::int = 0 as bench, 1000001 + g % $3::int as bg,
         now() - ($1::int - g) * interval '15 seconds' as at
     ) x
     cross join lateral (
       select x.at, (g / 3) % 50 = 7 as removed, not x.bench and (g / 11) % 10 = 1 as tied,
         case when x.bench then $4::int else x.bg end as client_id,
         case when x.bench then (array[$4::int, $5::int, $6::int])[1 + (g / $2::int) % 3]
           when (g / $3::int) % 3 = 2 then 2000001 + (x.bg - 1000000) % 100
           else x.bg end as sender_id
     ) w`,
    [MESSAGES, stride, VOLUME.clients, c.clientId, c.therapistId, c.colleagueId, MEDIA_BASE],
  );
  await db.query(
    `insert into media (id, owner_id, kind, mime, size, sha256, storage_key, created_at)
     select m.media_id, m.sender_id, case when m.id % 2 = 0 then 'image' else 'video' end,
       case when m.id % 2 = 0 then 'image/jpeg' else 'video/mp4' end, 250000 + m.id % 1000,
       md5(m.id::text) || md5(m.client_id::text), 'bench/messages/' || m.id, m.created_at
     from messages m where m.media_id is not null`,
  );
  // A third of the clients have read their whole conversation, a third of the therapists part of theirs.
  await db.query(
    `insert into message_reads (client_id, user_id, last_read_id, read_at)
     select m.client_id, case when m.client_id % 3 = 0 then m.client_id else 2000001 + (m.client_id - 1000000) % 100 end,
       case when m.client_id % 3 = 0 then max(m.id) else max(m.id) - 300000 end, now() - interval '1 hour'
     from messages m where m.client_id % 3 <> 2 and m.client_id <> $1
     group by m.client_id`,
    [c.clientId],
  );
  // The measured conversation: the client read it all, the therapist all but the last 20.
  await db.query(
    `insert into message_reads (client_id, user_id, last_read_id)
     values ($1, $1, (select max(id) from messages where client_id = $1)),
       ($1, $2, (select id from messages where client_id = $1 order by id desc offset 20 limit 1))`,
    [c.clientId, c.therapistId],
  );
  if (skippedChecks) {
    await db.query('set session_replication_role = origin');
    // The staff metrics' counters missed these users too (migration 0022).
    await db.query('select staff_counts_recount()');
  }
  for (const table of ['clinics', 'users', 'messages', 'media']) {
    await db.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${table}))`, [
      table,
    ]);
  }
}
