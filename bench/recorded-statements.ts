import type pg from 'pg';

// The statements an API call sends, taken from the API's own code as it runs: the call's service function runs once
// on a pool whose sends are recorded (text, statement name, row mode, type parsers, values, in their order), and a
// bare route replays them with each request's own values. Nothing is re-typed, so the bare route cannot drift from
// what the API runs (statement-count.test-support.ts counts the same two doors for the server's tests).

/** One statement as node-postgres was asked to send it. */
export interface RecordedStatement {
  /** `pool`: a statement of its own; `client`: one of a transaction's, on a client checked out of the pool. */
  via: 'pool' | 'client';
  config: pg.QueryConfig;
  values: unknown[];
  /** What it answered when recorded. */
  rows: Record<string, unknown>[];
}

type Send = (config: pg.QueryConfig | string, values?: unknown[]) => Promise<pg.QueryResult>;

function recorded(via: RecordedStatement['via'], send: Send, into: RecordedStatement[]): Send {
  return async (config, values) => {
    const text = typeof config === 'string' ? { text: config } : { ...config };
    const entry: RecordedStatement = { via, config: text, values: values ?? text.values ?? [], rows: [] };
    into.push(entry);
    const result = await send(config, values);
    entry.rows = result.rows as Record<string, unknown>[];
    return result;
  };
}

/** Runs `work` (which uses a Drizzle handle on `pool`) and answers every statement it sent, in order. */
export async function recordStatements<T>(
  pool: pg.Pool,
  work: () => Promise<T>,
): Promise<{ result: T; statements: RecordedStatement[] }> {
  const statements: RecordedStatement[] = [];
  const own = pool as unknown as { query: Send; connect: (...args: unknown[]) => unknown };
  const { query, connect } = own;
  own.query = recorded('pool', query.bind(pool), statements);
  // A transaction checks a client out (the promise form; pool.query uses the callback form, recorded above).
  own.connect = (...args: unknown[]) => {
    const checkedOut = connect.apply(pool, args) as Promise<pg.PoolClient> | undefined;
    if (args.length > 0 || !checkedOut) return checkedOut;
    return checkedOut.then((client) => {
      const { release } = client;
      const sender = client as unknown as { query: Send };
      sender.query = recorded('client', client.query.bind(client) as Send, statements);
      client.release = (...rest) => {
        Reflect.deleteProperty(client, 'query');
        client.release = release;
        return release.apply(client, rest);
      };
      return client;
    });
  };
  try {
    return { result: await work(), statements };
  } finally {
    Reflect.deleteProperty(pool, 'query');
    Reflect.deleteProperty(pool, 'connect');
  }
}

/** A recorded value as a request sends it: each key (a value the recording used) stands for its own value now. */
export type Swaps = Map<unknown, unknown>;

/** Throws unless every value to swap occurs among the statements' values (else a request would replay it as is). */
export function assertSwappable(statements: RecordedStatement[], values: unknown[], what: string): void {
  const sent = new Set(statements.flatMap((s) => s.values));
  const missing = values.filter((value) => !sent.has(value));
  if (missing.length > 0)
    throw new Error(`${what}: the recorded statements never send ${JSON.stringify(missing)}`);
}

/**
 * Sends `statements` as recorded, with `swaps` applied to their values: a pool statement on the pool, a run of
 * client statements (BEGIN to COMMIT) on one checked-out client. `seen` hears each answer (and may add swaps), and
 * whether it was the last.
 */
export async function replay(
  pool: pg.Pool,
  statements: RecordedStatement[],
  swaps: Swaps,
  seen: (statement: RecordedStatement, result: pg.QueryResult, last: boolean) => void = () => undefined,
): Promise<pg.QueryResult[]> {
  const results: pg.QueryResult[] = [];
  let client: pg.PoolClient | undefined;
  try {
    for (const statement of statements) {
      if (statement.via === 'client') client ??= await pool.connect();
      else if (client) {
        client.release();
        client = undefined;
      }
      const values = statement.values.map((value) => (swaps.has(value) ? swaps.get(value) : value));
      const result = await (client ?? pool).query(statement.config, values);
      seen(statement, result, statement === statements.at(-1));
      results.push(result);
    }
  } catch (error) {
    // A transaction cut short: the connection is not reused in an unknown state.
    client?.release(error as Error);
    client = undefined;
    throw error;
  } finally {
    client?.release();
  }
  return results;
}

/** A statement in a line, for the report: its name (if prepared) and its first words. */
export const describeStatement = (s: RecordedStatement) =>
  `${s.via === 'client' ? '  (transaction) ' : ''}${s.config.name ? `[${s.config.name}] ` : ''}` +
  s.config.text.replace(/\s+/g, ' ').slice(0, 90);
