import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

const dialect = new PgDialect();

/** A timestamptz column as the API writes times (ISO 8601 in UTC, milliseconds), made by PostgreSQL in the statement. */
export const isoTimestampSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Run<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

/**
 * A raw statement prepared under `name`: node-postgres parses and plans it once per pooled connection and then only
 * binds values (PGlite runs it as is). Every value goes in through `sql.placeholder`, so the text never changes.
 * The statement is built on first use and kept per database handle.
 */
export function preparedStatement<Row>(name: string, build: () => SQL) {
  const byDb = new WeakMap<Db, Run<Row>>();
  let query: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    let run = byDb.get(db);
    if (!run) {
      query ??= dialect.sqlToQuery(build());
      const prepared = db._.session.prepareQuery(query, undefined, name, false);
      run = async (v) => ((await prepared.execute(v)) as { rows: Row[] }).rows;
      byDb.set(db, run);
    }
    return run(values);
  };
}
