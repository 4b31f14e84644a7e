import { sql, type SQL } from 'drizzle-orm';
import type { TAdherence } from '@hep/shared/schemas/adherence';
import { preparedStatement } from '../../lib/prepared-sql';

export { knownZones } from '../../db/known-zones';
import { programReadAuditSql, programVisibleSql } from '../programs/programs.sql';
import { clientTodaySql, countedDaysSql, exerciseCountSql, rateSql } from './progress.sql';

/* The adherence rule itself (which days count, what is done) is progress.sql.ts. */

const weeks = sql`${sql.placeholder('weeks')}::integer`;

/**
 * GET /programs/{id}/adherence/: one statement that checks scope, writes the audit row and shapes the answer. The
 * window starts at the earlier of the oldest week's Monday and today - 27; the weeks are the last `weeks`
 * Monday-start weeks, the current one last.
 */
export function programAdherenceSql(): SQL {
  const notFound = sql`case when count(w.id) = 0 then 'not_found' else 'ok' end`;
  const today = clientTodaySql(
    sql`cu.notification_timezone`,
    sql`${sql.placeholder('now')}`,
    sql`${sql.placeholder('zones')}`,
  );
  return sql`with found as (
      select p.* from programs p where p.id = ${sql.placeholder('id')}::integer and ${programVisibleSql(sql`p`)}
    ), audit as (${programReadAuditSql({ view: 'adherence' }, notFound)}),
    span as (
      select p.*, t.today, t.today - (extract(isodow from t.today)::int - 1) as monday, ${exerciseCountSql(sql`p`)} as n
      from found p join users cu on cu.id = p.client_id cross join lateral (select ${today} as today) t
    ),
    days as (
      select d.day, d.done from span s
      cross join lateral (${countedDaysSql(sql`s`, sql`least(s.monday - 7 * (${weeks} - 1), s.today - 27)`, sql`s.today`)}) d
    ),
    week_rows as (
      select (s.monday - 7 * i)::date as start, count(d.day)::int * s.n as prescribed, coalesce(sum(d.done), 0)::int as done
      from span s cross join generate_series(0, ${weeks} - 1) i
      left join days d on d.day between s.monday - 7 * i and s.monday - 7 * i + 6
      group by i, s.monday, s.n
    ),
    windows as (
      select count(d.day) filter (where d.day >= s.today - 6)::int * s.n as p7,
        coalesce(sum(d.done) filter (where d.day >= s.today - 6), 0)::int as d7,
        count(d.day) filter (where d.day >= s.today - 27)::int * s.n as p28,
        coalesce(sum(d.done) filter (where d.day >= s.today - 27), 0)::int as d28
      from span s left join days d on true
      group by s.today, s.n
    )
    select json_build_object(
      'weeks', (select json_agg(json_build_object('start', w.start::text, 'prescribed', w.prescribed,
          'done', w.done, 'rate', ${rateSql(sql`w.prescribed`, sql`w.done`)}) order by w.start) from week_rows w),
      'last_7', ${rateSql(sql`x.p7`, sql`x.d7`)},
      'last_28', ${rateSql(sql`x.p28`, sql`x.d28`)}) as adherence
    from windows x`;
}

export const findProgramAdherence = preparedStatement<{ adherence: TAdherence }>(
  'programs_adherence',
  programAdherenceSql,
);
