import { vi } from 'vitest';
import type { Db } from '../src/db/client';

/**
 * Counts the statements `db` sends to the database, whatever built them (query builder, raw SQL, prepared
 * statements): the driver's `query` is the one door of node-postgres's pool and of PGlite alike.
 */
export function countRoundTrips(db: Db) {
  const { client } = db._.session as unknown as { client: { query: (...args: unknown[]) => unknown } };
  const spy = vi.spyOn(client, 'query');
  return {
    count: () => spy.mock.calls.length,
    reset: () => spy.mockClear(),
    restore: () => spy.mockRestore(),
  };
}
