import type { Db } from '../db/client';

/** Runs `fn` in one database transaction: everything it writes is committed together or not at all. */
export const inTransaction = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => fn(tx as unknown as Db));
