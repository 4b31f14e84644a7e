import { sql } from 'drizzle-orm';
import type { TMetrics } from '@hep/shared/schemas/staff';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../lib/prepared-sql';

// Every figure comes from the counters the database keeps with each write (migration 0022,
// docs/decisions/028-staff-counters.md): a handful of rows whatever the number of users, programs and reports. The
// shard rows of a counter are summed; an empty table sums to 0, as counting no rows did. The whole answer is one
// prepared statement that builds the response's JSON: one round trip holding one pooled connection, and nothing
// built or mapped per request in Node.

const metricsStatement = preparedStatement<TMetrics>(
  'staff_metrics',
  () => sql`select
    (select json_build_object(
       'total', coalesce(sum(total), 0)::int, 'active', coalesce(sum(active), 0)::int,
       'therapists', coalesce(sum(therapists), 0)::int, 'clients', coalesce(sum(clients), 0)::int)
     from staff_user_counts) as users,
    (select coalesce(json_agg(json_build_object(
       'name', c.name,
       'total_therapists', coalesce(k.therapists, 0)::int, 'active_therapists', coalesce(k.active_therapists, 0)::int,
       'total_clients', coalesce(k.clients, 0)::int, 'active_clients', coalesce(k.active_clients, 0)::int,
       'total_users', (coalesce(k.therapists, 0) + coalesce(k.clients, 0))::int,
       'active_users', (coalesce(k.active_therapists, 0) + coalesce(k.active_clients, 0))::int)
       order by lower(c.name), c.id), '[]')
     from clinics c left join staff_clinic_counts k on k.clinic_id = c.id) as clinics,
    json_build_object('by_therapist', (select coalesce(json_agg(json_build_object(
       'user__email', u.email, 'program_count', t.programs::int, 'client_count', t.clients::int)
       order by t.programs desc, u.email), '[]')
     from staff_therapist_counts t join users u on u.id = t.therapist_id where t.programs > 0)) as programs,
    -- Over rated reports only: effort 0 means "not rated" (docs/product/feedback-and-progress.md#effort). The sum
    -- over the count, as avg() divides, rounded to one decimal.
    (select json_build_object(
       'total', coalesce(sum(reports), 0)::int,
       'average_effort', round(sum(effort_sum)::numeric / nullif(sum(rated), 0), 1)::float8)
     from staff_feedback_counts) as exercise_feedback`,
);

/** The System Metrics Dashboard's figures, as the API answers them. */
export async function readMetrics(db: Db): Promise<TMetrics> {
  const [row] = await metricsStatement(db, {});
  return row!;
}
