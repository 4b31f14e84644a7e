import { DrizzleQueryError, is, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type Db, poolOf } from '../db/client';
import { drizzleTypes } from '../db/drizzle-types';

const dialect = new PgDialect();

/** A timestamptz column as the API writes times (ISO 8601 in UTC, milliseconds), made by PostgreSQL in the statement. */
export const isoTimestampSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Run<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

/** The statement's values in order, from the named ones a call passes: worked out once per statement. */
function valuesOf(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const slots = params.map((param): ((values: Record<string, unknown>) => unknown) => {
    const placeholder = is(param, Placeholder)
      ? { name: param.name, encode: (value: unknown) => value }
      : is(param, Param) && is(param.value, Placeholder)
        ? { name: param.value.name, encode: (value: unknown) => param.encoder.mapToDriverValue(value) }
        : null;
    if (!placeholder) return () => param;
    const { name, encode } = placeholder;
    return (values) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return encode(values[name]);
    };
  });
  return (values) => slots.map((slot) => slot(values));
}

/**
 * A statement on a PostgreSQL pool straight through node-postgres: what Drizzle's prepared query does on this path
 * (the same name, text, values and type parsers, a failure wrapped as Drizzle wraps it) without its layers of
 * tracing spans, cache checks and promises: 4 to 10% of a cheap read's CPU (docs/decisions/035-a-requests-fixed-cost.md).
 */
function onPool<Row>(pool: pg.Pool, name: string, query: { sql: string; params: unknown[] }): Run<Row> {
  const config = { name, text: query.sql, types: drizzleTypes };
  const values = valuesOf(query.params);
  return (v) => {
    let params: unknown[];
    try {
      params = values(v);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return pool.query(config, params).then(
      (result) => result.rows as Row[],
      (error: Error) => {
        throw new DrizzleQueryError(query.sql, params, error);
      },
    );
  };
}

/**
 * A raw statement prepared under `name`: node-postgres parses and plans it once per pooled connection and then only
 * binds values (PGlite, and a transaction, run it through Drizzle). Every value goes in through `sql.placeholder`, so
 * the text never changes. The statement is built on first use and kept per database handle.
 */
export function preparedStatement<Row>(name: string, build: () => SQL) {
  const byDb = new WeakMap<Db, Run<Row>>();
  let query: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    let run = byDb.get(db);
    if (!run) {
      query ??= dialect.sqlToQuery(build());
      const pool = poolOf(db);
      if (pool) run = onPool<Row>(pool, name, query);
      else {
        const prepared = db._.session.prepareQuery(query, undefined, name, false);
        run = async (v) => ((await prepared.execute(v)) as { rows: Row[] }).rows;
      }
      byDb.set(db, run);
    }
    return run(values);
  };
}
