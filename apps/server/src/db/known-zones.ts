import { sql } from 'drizzle-orm';
import type { Db } from './client';

const zoneCache = new WeakMap<Db, Promise<string[]>>();

/**
 * The time zone names this PostgreSQL knows, read once per database handle (the view is slow: ~0.2 s on PGlite).
 * The API accepts the zones the JavaScript runtime knows and stores their canonical names; a stored zone PostgreSQL
 * lacks (PGlite ships fewer) counts as UTC, as domain/day-status dateInZone does for a zone the runtime lacks,
 * instead of failing a whole list or reminder tick. Reminders, adherence and Needs attention all read "today" so.
 */
export function knownZones(db: Db): Promise<string[]> {
  let zones = zoneCache.get(db);
  if (!zones) {
    zones = db
      .execute(sql`select name from pg_timezone_names`)
      .then((r) => (r as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
    zones.catch(() => zoneCache.delete(db));
    zoneCache.set(db, zones);
  }
  return zones;
}
