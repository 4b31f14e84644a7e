import { sql, type SQL } from 'drizzle-orm';
import { INSTRUMENTS } from '@hep/shared/measures/instruments';
import { ATTENTION_CODES, type TAttentionCode } from '@hep/shared/schemas/attention';

/*
 * The CTEs that find each code's reasons (docs/product/feedback-and-progress.md#needs-attention; the rules and
 * `since` are documented on ATTENTION_CODES in packages/shared/src/schemas/attention.ts). They read the CTE `c` (the
 * clients in scope: id, created_at, last_sign_in_at, zone, today, reviewed_<code>) and end in `reasons`: one row per
 * client and code (client_id, code, since, program_id, exercise_id, date, value, previous, days). Every read of
 * feedback and programs starts from a client or a program and goes through an index: feedback_client_date_idx (the
 * last 7 days, the last report), feedback_exercise_date_idx (an exercise's previous pain), feedback_program_date_idx
 * (a program's last done day), programs_client_dates_idx (a client's programs), attention_reviews' primary key.
 * Feedback older than 28 days is never read, but for one index probe of each client's last report (inactive).
 */

/** How far back a missed streak and a previous pain value are looked for. */
const LOOK_BACK_DAYS = 28;

/**
 * Ends a LATERAL subquery that must stay a per-client index lookup: flattened into a join, the planner would rather
 * hash the whole table (100,000 programs) than probe the index a few hundred times (bench/attention.ts checks it).
 */
export const PER_CLIENT = sql.raw('offset 0');

/** MON..SUN of a date, as programs.days_of_week holds them. */
const weekdayOf = (day: SQL) =>
  sql`(array['MON','TUE','WED','THU','FRI','SAT','SUN'])[extract(isodow from ${day})::int]`;

/** The column of `c` holding when the client's reason `code` was last marked reviewed (null: never). */
const reviewedAt = (code: TAttentionCode, row: string) => sql.raw(`${row}.reviewed_${code}`);

/**
 * Each client's reviews as columns of `c` (reviewed_pain, ...): one read of attention_reviews' primary key per
 * client (the aggregate keeps the LATERAL per client), instead of an anti-join per code that hashes the table.
 */
export const reviewColumnsSql = (client: SQL) => sql`left join lateral (
    select ${sql.join(
      ATTENTION_CODES.map((code) =>
        sql.raw(`max(ar.reviewed_at) filter (where ar.code = '${code}') as reviewed_${code}`),
      ),
      sql`, `,
    )}
    from attention_reviews ar where ar.client_id = ${client}
  ) rv on true`;

/** The review columns `c` carries (see reviewColumnsSql). */
export const reviewColumnNames = sql.raw(ATTENTION_CODES.map((code) => `rv.reviewed_${code}`).join(', '));

/** A report-based reason stays hidden while no qualifying report was saved after the review. */
const reviewedAfterSave = (code: TAttentionCode, row: string, savedAt: SQL) =>
  sql`(${reviewedAt(code, row)} is null or ${savedAt} > ${reviewedAt(code, row)})`;

/** A day-based reason stays hidden while it began on or before the review's day (in the client's zone). */
const reviewedSince = (code: TAttentionCode, row: string, since: SQL) =>
  sql`(${reviewedAt(code, row)} is null or (${reviewedAt(code, row)} at time zone ${sql.raw(row)}.zone)::date < ${since})`;

const reportReasons = sql`
  recent as materialized (
    select c.id as client_id, c.today, c.reviewed_pain, c.reviewed_high_effort, f.program_id, f.exercise_id,
      f.date_completed, f.effort_rating, f.pain, f.updated_at
    from c join feedback f on f.client_id = c.id and f.date_completed between c.today - 6 and c.today
  ),
  pain_hits as (
    select r.*, prev.pain as previous from recent r
    left join lateral (
      select p.pain from feedback p
      where p.exercise_id = r.exercise_id and p.date_completed < r.date_completed
        and p.date_completed >= r.today - ${sql.raw(String(LOOK_BACK_DAYS))} and p.pain is not null
      order by p.date_completed desc limit 1
    ) prev on true
    where r.pain is not null and (r.pain >= 7 or r.pain >= prev.pain + 2)
      and ${reviewedAfterSave('pain', 'r', sql`r.updated_at`)}
  ),
  pain_reasons as (
    select distinct on (client_id) client_id, 'pain' as code,
      min(date_completed) over (partition by client_id) as since, program_id, exercise_id,
      date_completed as date, pain::int as value, previous::int as previous, null::int as days
    from pain_hits order by client_id, date_completed desc, pain desc
  ),
  effort_reasons as (
    select distinct on (client_id) client_id, 'high_effort' as code,
      min(date_completed) over (partition by client_id) as since, program_id, exercise_id,
      date_completed as date, effort_rating::int as value, null::int as previous, null::int as days
    from recent r
    where r.effort_rating >= 8 and ${reviewedAfterSave('high_effort', 'r', sql`r.updated_at`)}
    order by client_id, date_completed desc, effort_rating desc
  )`;

const programReasons = sql`
  current_programs as materialized (
    select c.id as client_id, c.today, c.zone, c.reviewed_missed_streak, p.id, p.start_date, p.end_date,
      p.days_of_week
    from c cross join lateral (
      select p.id, p.start_date, p.end_date, p.days_of_week from programs p
      where p.client_id = c.id and not p.is_draft and p.start_date <= c.today
        and (p.end_date is null or p.end_date >= c.today)
      ${PER_CLIENT}
    ) p
  ),
  streaks as (
    select cp.client_id, cp.id as program_id, s.since, s.last_missed, s.days
    from current_programs cp
    left join lateral (
      -- The latest prescribed day before today with a report on a current exercise: read backwards, it stops there.
      select f.date_completed as last_done from feedback f
      where f.program_id = cp.id and f.date_completed < cp.today
        and f.date_completed >= greatest(cp.start_date, cp.today - ${sql.raw(String(LOOK_BACK_DAYS))})
        and ${weekdayOf(sql`f.date_completed`)} = any(cp.days_of_week)
        and exists (select 1 from exercises e where e.id = f.exercise_id and e.removed_at is null)
      order by f.date_completed desc limit 1
    ) done on true
    cross join lateral (
      select min(d) as since, max(d) as last_missed, count(*)::int as days
      from (select greatest(cp.start_date, cp.today - ${sql.raw(String(LOOK_BACK_DAYS))}, done.last_done + 1) as first) w
      cross join lateral generate_series(0, cp.today - 1 - w.first) i
      cross join lateral (select w.first + i as d) day
      where ${weekdayOf(sql`d`)} = any(cp.days_of_week)
    ) s
    where s.days >= 2
      and exists (select 1 from exercises e where e.program_id = cp.id and e.removed_at is null)
      and ${reviewedSince('missed_streak', 'cp', sql`s.since`)}
  ),
  streak_reasons as (
    select distinct on (client_id) client_id, 'missed_streak' as code, since, program_id, null::int as exercise_id,
      last_missed as date, null::int as value, null::int as previous, days
    from streaks order by client_id, days desc, program_id
  ),
  inactive_reasons as (
    select c.id as client_id, 'inactive' as code, x.since, ap.id as program_id, null::int as exercise_id,
      last.day as date, null::int as value, null::int as previous, (c.today - x.since + 1)::int as days
    from c
    cross join lateral (
      select p.id, p.start_date from programs p
      where p.client_id = c.id and not p.is_draft and p.start_date <= c.today - 7
        and (p.end_date is null or p.end_date >= c.today)
        and exists (select 1 from exercises e where e.program_id = p.id and e.removed_at is null)
      order by p.start_date, p.id limit 1
    ) ap
    cross join lateral (
      select max(f.date_completed) as day from feedback f where f.client_id = c.id and f.date_completed <= c.today
    ) last
    cross join lateral (select greatest(last.day + 1, ap.start_date) as since) x
    where (last.day is null or last.day <= c.today - 7)
      and ${reviewedSince('inactive', 'c', sql`x.since`)}
  ),
  ending_reasons as (
    select c.id as client_id, 'program_ending' as code, p.since, p.id as program_id, null::int as exercise_id,
      p.end_date as date, null::int as value, null::int as previous, (p.end_date - c.today)::int as days
    from c
    cross join lateral (
      select p.id, p.end_date, x.since from programs p
      cross join lateral (select greatest(p.end_date - 3, p.start_date) as since) x
      where p.client_id = c.id and not p.is_draft and p.end_date between c.today and c.today + 3
        and ${reviewedSince('program_ending', 'c', sql`x.since`)}
      order by p.end_date, p.id limit 1
    ) p
  )`;

const accountReasons = sql`
  invite_reasons as (
    select c.id as client_id, 'not_activated' as code, x.since, null::int as program_id, null::int as exercise_id,
      null::date as date, null::int as value, null::int as previous, (c.today - x.since)::int as days
    from c
    cross join lateral (select (c.created_at at time zone c.zone)::date as since) x
    where c.last_sign_in_at is null and x.since <= c.today - 3
      and ${reviewedSince('not_activated', 'c', sql`x.since`)}
  )`;

/** Each instrument's code, smallest change that matters and direction, as a relation (ins). */
const instrumentsSql = sql.raw(
  `(values ${INSTRUMENTS.map(
    (i) => `('${i.code}', ${i.mcid ? i.mcid.value : 'null'}::float8, ${i.higher_is_better})`,
  ).join(', ')}) as ins(code, mcid, higher_is_better)`,
);

/** An assignment's next due day, as packages/shared/src/measures/schedule.ts nextDue counts it (null: none left). */
const nextDueSql = (a: string, last: string) =>
  sql.raw(`(case when ${last} is null or ${last} < ${a}.first_due then ${a}.first_due
    when ${a}.every_days = 0 then null
    else ${a}.first_due + ((${last} - ${a}.first_due) / ${a}.every_days + 1) * ${a}.every_days end)`);

const measureReasons = sql`
  safety_hits as (
    select c.id as client_id, m.taken_on, m.score, m.instrument, m.taken_at
    from c cross join lateral (
      select r.taken_on, r.score, r.instrument, r.taken_at from measure_results r
      where r.client_id = c.id and r.safety and r.taken_on >= c.today - ${sql.raw(String(LOOK_BACK_DAYS))}
        and ${reviewedAfterSave('safety', 'c', sql`r.taken_at`)}
      ${PER_CLIENT}
    ) m
  ),
  safety_reasons as (
    select distinct on (client_id) client_id, 'safety' as code,
      min(taken_on) over (partition by client_id) as since, null::int as program_id, null::int as exercise_id,
      taken_on as date, score as value, null::float8 as previous, null::int as days, instrument
    from safety_hits order by client_id, taken_at desc
  ),
  due_hits as (
    select c.id as client_id, d.next_due, (c.today - d.next_due)::int as days, d.instrument
    from c cross join lateral (
      select a.instrument, n.next_due from measure_assignments a
      cross join lateral (select max(r.taken_on) as last from measure_results r where r.assignment_id = a.id) l
      cross join lateral (select ${nextDueSql('a', 'l.last')} as next_due) n
      where a.client_id = c.id and a.stopped_at is null and n.next_due <= c.today - 3
        and (a.ends_on is null or n.next_due <= a.ends_on)
      ${PER_CLIENT}
    ) d
    where ${reviewedSince('measure_due', 'c', sql`d.next_due`)}
  ),
  due_reasons as (
    select distinct on (client_id) client_id, 'measure_due' as code, next_due as since, null::int as program_id,
      null::int as exercise_id, next_due as date, null::float8 as value, null::float8 as previous, days, instrument
    from due_hits order by client_id, next_due, instrument
  ),
  worse_hits as (
    select c.id as client_id, w.taken_on, w.score, w.previous, w.instrument, w.taken_at
    from c cross join lateral (
      select latest.taken_on, latest.score, prev.score as previous, latest.instrument, latest.taken_at, ins.mcid,
        ins.higher_is_better
      from measure_assignments a
      cross join lateral (
        select r.taken_on, r.score, r.instrument, r.taken_at, r.id from measure_results r
        where r.assignment_id = a.id order by r.taken_at desc, r.id desc limit 1
      ) latest
      cross join lateral (
        select r.score from measure_results r
        where r.assignment_id = a.id and (r.taken_at, r.id) < (latest.taken_at, latest.id)
        order by r.taken_at desc, r.id desc limit 1
      ) prev
      join ${instrumentsSql} on ins.code = latest.instrument
      where a.client_id = c.id and latest.taken_on >= c.today - ${sql.raw(String(LOOK_BACK_DAYS))}
        and ins.mcid is not null
        and (case when ins.higher_is_better then prev.score - latest.score else latest.score - prev.score end)
          >= ins.mcid - 1e-9
        and ${reviewedAfterSave('measure_worse', 'c', sql`latest.taken_at`)}
      ${PER_CLIENT}
    ) w
  ),
  worse_reasons as (
    select distinct on (client_id) client_id, 'measure_worse' as code, taken_on as since, null::int as program_id,
      null::int as exercise_id, taken_on as date, score as value, previous, null::int as days, instrument
    from worse_hits order by client_id, taken_at desc
  )`;

/** The reason CTEs, ending in `reasons` (all codes, one row per client and code). */
export const reasonsSql = sql`${reportReasons}, ${programReasons}, ${accountReasons}, ${measureReasons},
  reasons as (
    select * from safety_reasons
    union all select *, null::text from pain_reasons union all select *, null::text from effort_reasons
    union all select *, null::text from streak_reasons union all select *, null::text from inactive_reasons
    union all select *, null::text from ending_reasons union all select *, null::text from invite_reasons
    union all select * from due_reasons union all select * from worse_reasons
  )`;
