import { sql, type SQL } from 'drizzle-orm';

/*
 * A carer's live link as SQL, for the statements that load a client's record and decide scope in the same round trip
 * (docs/product/carers.md#scope). Reading the link inside each request's own query, with no cache, is what makes
 * ending a link or passing its last day cut access at once on every node.
 */

/**
 * The access (`view`, `log`, `full`) of the live link between the carer and the client, or null: not ended, and its
 * last day (`expires_on`, a UTC date) null or not before `today`.
 */
export const liveCarerAccessSql = (carerId: SQL | number, clientId: SQL, today: SQL | string): SQL =>
  sql`(select cl.access from carer_links cl where cl.carer_id = ${carerId}::integer and cl.client_id = ${clientId}
    and cl.ended_at is null and (cl.expires_on is null or cl.expires_on >= ${today}::date))`;
