import { sql, type SQL } from 'drizzle-orm';
import type { TClientProgress } from '@hep/shared/schemas/adherence';
import { preparedStatement } from '../../lib/prepared-sql';
import { auditInsertSql } from '../audit/audit.sql';
import { clientManagedSql } from '../clients/clients.sql';
import { clientTodaySql, countedDaysSql, exerciseCountSql, rateSql } from './progress.sql';

/* The adherence rule itself (which days count, what is done) is progress.sql.ts. */

const weeks = sql`${sql.placeholder('weeks')}::integer`;

/** A number to one decimal, as JSON carries it (null stays null). */
const oneDecimal = (value: SQL) => sql`round(${value}, 1)::float8`;

/**
 * GET /users/clients/{id}/progress/: one statement that checks scope (the client record's), writes the audit row and
 * shapes the answer, whatever the number of programs and exercises. Adherence sums every published program of the
 * client, as the clients list's rate does; effort and pain are every report the client gave in each week, up to their
 * today. The weeks are the last `weeks` Monday-start weeks in the client's today, the current one last.
 */
export function clientProgressSql(): SQL {
  const today = clientTodaySql(
    sql`f.notification_timezone`,
    sql`${sql.placeholder('now')}`,
    sql`${sql.placeholder('zones')}`,
  );
  const audit = auditInsertSql(
    {
      actorId: sql.placeholder('caller_id'),
      action: 'read',
      entity: 'client',
      correlationId: sql.placeholder('correlation_id'),
      details: { view: 'progress' },
      readOnlyWork: true,
    },
    {
      from: sql`found`,
      id: sql`w.id`,
      subject: sql`w.id`,
      outcome: sql`case when count(w.id) = 0 then 'not_found' else 'ok' end`,
    },
  );
  return sql`with found as (
      select u.id, u.notification_timezone from users u join client_profiles cp on cp.user_id = u.id
      where u.id = ${sql.placeholder('id')}::integer and ${clientManagedSql(sql`u`, sql`cp`)}
    ), audit as (${audit}),
    bounds as (
      select f.id, t.today, t.monday, (t.monday - 7 * (${weeks} - 1)) as first_monday,
        least(t.monday - 7 * (${weeks} - 1), t.today - 27) as from_day
      from found f cross join lateral (select ${today} as today) d
      cross join lateral (select d.today, d.today - (extract(isodow from d.today)::int - 1) as monday) t
    ),
    days as (
      select c.day, c.done, p.n from bounds b
      cross join lateral (
        select p.*, ${exerciseCountSql(sql`p`)} as n from programs p
        where p.client_id = b.id and not p.is_draft and p.start_date is not null and p.start_date <= b.today
          and (p.end_date is null or p.end_date >= b.from_day)
      ) p
      cross join lateral (${countedDaysSql(sql`p`, sql`b.from_day`, sql`b.today`)}) c
    ),
    reports as (
      select r.date_completed as day, r.effort_rating, r.pain from bounds b
      join feedback r on r.client_id = b.id and r.date_completed between b.first_monday and b.today
    ),
    week_rows as (
      select (b.monday - 7 * i)::date as start from bounds b cross join generate_series(0, ${weeks} - 1) i
    ),
    week_stats as (
      select w.start, a.prescribed, a.done, e.effort_avg, e.pain_avg, e.pain_max from week_rows w
      cross join lateral (
        select coalesce(sum(d.n), 0)::int as prescribed, coalesce(sum(d.done), 0)::int as done
        from days d where d.day between w.start and w.start + 6
      ) a
      cross join lateral (
        select ${oneDecimal(sql`avg(r.effort_rating) filter (where r.effort_rating > 0)`)} as effort_avg,
          ${oneDecimal(sql`avg(r.pain)`)} as pain_avg, max(r.pain)::int as pain_max
        from reports r where r.day between w.start and w.start + 6
      ) e
    ),
    windows as (
      select coalesce(sum(d.n) filter (where d.day >= b.today - 6), 0)::int as p7,
        coalesce(sum(d.done) filter (where d.day >= b.today - 6), 0)::int as d7,
        coalesce(sum(d.n) filter (where d.day >= b.today - 27), 0)::int as p28,
        coalesce(sum(d.done) filter (where d.day >= b.today - 27), 0)::int as d28
      from bounds b left join days d on true
      group by b.today
    )
    select json_build_object(
      'weeks', (select json_agg(json_build_object('start', w.start::text, 'prescribed', w.prescribed,
          'done', w.done, 'rate', ${rateSql(sql`w.prescribed`, sql`w.done`)}, 'effort_avg', w.effort_avg,
          'pain_avg', w.pain_avg, 'pain_max', w.pain_max) order by w.start) from week_stats w),
      'last_7', ${rateSql(sql`x.p7`, sql`x.d7`)},
      'last_28', ${rateSql(sql`x.p28`, sql`x.d28`)}) as progress
    from windows x`;
}

export const findClientProgress = preparedStatement<{ progress: TClientProgress }>(
  'clients_progress',
  clientProgressSql,
);
