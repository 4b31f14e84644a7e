import { sql, type SQL } from 'drizzle-orm';

/*
 * Live events (docs/product/messages.md#live) as SQL other modules' statements build on: a `pg_notify` on the events
 * channel, sent by PostgreSQL on commit to every node's listener (db/client.ts), which hands it to the streams of
 * the people in that conversation. The payload names records, never their content.
 */

export const EVENTS_CHANNEL = 'hep_events';

/**
 * `select pg_notify(...) from <from>`: one event per row of `from`, a JSON object built by `payload` over `w` (the
 * row) and `cp` (the conversation's client profile, joined here: whose conversation it is decides who hears it),
 * with the carers who have a live `full` link to the client (`carer_ids`; the link's last day in UTC).
 */
export const notifyEventSql = (from: SQL, clientId: SQL, payload: SQL): SQL =>
  sql`select pg_notify(${EVENTS_CHANNEL}, (${payload} || jsonb_build_object('client_id', ${clientId},
      'clinic_id', cp.clinic_id, 'created_by_id', cp.created_by_id,
      'carer_ids', (select coalesce(jsonb_agg(cl.carer_id), '[]'::jsonb) from carer_links cl
        where cl.client_id = ${clientId} and cl.access = 'full' and cl.ended_at is null
          and (cl.expires_on is null or cl.expires_on >= (now() at time zone 'utc')::date))))::text)
    from ${from} w left join client_profiles cp on cp.user_id = ${clientId}`;
