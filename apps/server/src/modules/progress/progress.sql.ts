import { sql, type SQL } from 'drizzle-orm';

/*
 * Adherence (docs/product/feedback-and-progress.md), the one rule every read of it uses: the program page's endpoint and the last-7-days
 * rate of the client list and of the client page's program cards.
 *
 * A program prescribes a day when it is published, has a start date (none: it prescribes nothing, as
 * domain/day-status isPrescribedOn says), the day is on or after the start, on or before the end (no end: open
 * ended), and on one of its days_of_week. A prescribed day counts when it is before the client's today, or is today
 * and something is done today. Each counted day asks for each current exercise (removed_at null) once; done is the
 * feedback rows of those exercises on counted days (at most one per exercise and day: feedback_exercise_date_idx).
 */

/**
 * The client's today: `now` (a timestamptz) as a date in their notification time zone, UTC when unset or unknown
 * to PostgreSQL (`zones`: a text[] of db/known-zones).
 */
export const clientTodaySql = (zone: SQL, now: SQL, zones: SQL): SQL =>
  sql`((${now})::timestamptz at time zone (case when ${zone} = any ((${zones})::text[]) then ${zone} else 'UTC' end))::date`;

/** The program's current exercises: how many each prescribed day asks for. */
export const exerciseCountSql = (p: SQL): SQL =>
  sql`(select count(*)::int from exercises e where e.program_id = ${p}.id and e.removed_at is null)`;

/**
 * The counted prescribed days of program `p` from `from` to `today` (dates), one row each: `day` and `done`, the
 * reports on current exercises that day. Feedback is read as one range of feedback_program_date_idx, its exercises
 * by the program's own (exercises_program_idx), not one probe per day.
 */
export const countedDaysSql = (p: SQL, from: SQL, today: SQL): SQL => sql`
  select g.day, coalesce(r.done, 0) as done
  from (select s::date as day from generate_series(greatest(${from}, ${p}.start_date)::timestamp,
    least(${today}, ${p}.end_date)::timestamp, interval '1 day') s) g
  left join (select f.date_completed as day, count(*)::int as done from feedback f
    join exercises e on e.id = f.exercise_id and e.program_id = f.program_id and e.removed_at is null
    where f.program_id = ${p}.id and f.date_completed between ${from} and ${today}
    group by f.date_completed) r on r.day = g.day
  where not ${p}.is_draft and ${p}.start_date is not null
    and (array['MON','TUE','WED','THU','FRI','SAT','SUN'])[extract(isodow from g.day)::int] = any (${p}.days_of_week)
    and (g.day < ${today} or r.done > 0)`;

/** Exercise-days prescribed and done by program `p` from `from` to `today`: one row (prescribed, done). */
export const adherenceTotalsSql = (p: SQL, from: SQL, today: SQL): SQL => sql`
  select count(*)::int * ${exerciseCountSql(p)} as prescribed, coalesce(sum(d.done), 0)::int as done
  from (${countedDaysSql(p, from, today)}) d`;

/** done / prescribed as a fraction, null when nothing was prescribed. */
export const rateSql = (prescribed: SQL, done: SQL): SQL =>
  sql`(case when ${prescribed} > 0 then (${done})::float8 / ${prescribed} end)`;

/** The app's clock and the zones PostgreSQL knows (knownZones): what a list's client today needs. */
export interface AdherenceClock {
  now: Date;
  zones: string[];
}

const listToday = (zone: SQL, clock: AdherenceClock) =>
  clientTodaySql(zone, sql`${clock.now.toISOString()}`, sql`${sql.param(clock.zones)}`);

/**
 * The last-7-days rate of program `p` (a relation of the list's query) whose client's zone is `zone`: a scalar
 * subquery, so that a list carries it in its own query (the client page's program cards).
 */
export const programLast7Sql = (p: SQL, zone: SQL, clock: AdherenceClock) =>
  sql<number | null>`(select ${rateSql(sql`a.prescribed`, sql`a.done`)}
    from (select ${listToday(zone, clock)} as today) t
    cross join lateral (${adherenceTotalsSql(p, sql`t.today - 6`, sql`t.today`)}) a)`;

/**
 * The last-7-days rate of all the published programs of the client `clientId` together (the client list's rows): a
 * scalar subquery over the client's programs active in the window (programs_client_dates_idx).
 */
export const clientLast7Sql = (clientId: SQL, zone: SQL, clock: AdherenceClock) =>
  sql<number | null>`(select ${rateSql(sql`sum(a.prescribed)`, sql`sum(a.done)`)}
    from (select ${listToday(zone, clock)} as today) t
    cross join programs p
    cross join lateral (${adherenceTotalsSql(sql`p`, sql`t.today - 6`, sql`t.today`)}) a
    where p.client_id = ${clientId} and not p.is_draft
      and p.start_date <= t.today and (p.end_date is null or p.end_date >= t.today - 6))`;
