import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { acquireDataDirLock } from './data-dir-lock';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface NotificationHandlers {
  /** Each payload sent with NOTIFY on the channel. */
  onNotification(payload: string): void;
  /**
   * true once LISTEN is in effect; false as soon as the connection is lost (and until it is back), when
   * notifications may be missed.
   */
  onListening(listening: boolean): void;
}
/** Stops listening and ends the connection it used. */
export type StopListening = () => Promise<void>;
type Listen = (channel: string, handlers: NotificationHandlers) => StopListening;

/** The pool each PostgreSQL handle runs on (set by openPostgres). */
const pools = new WeakMap<Db, pg.Pool>();

/** The node-postgres pool `db` runs on; null for PGlite, a transaction or a handle opened some other way. */
export function poolOf(db: Db): pg.Pool | null {
  return pools.get(db) ?? null;
}

/** How to listen with the database each handle was opened on (set by openPostgres and wrapPglite). */
const listeners = new WeakMap<Db, Listen>();

/**
 * LISTEN on `channel` (a plain lower-case identifier) of the database `db` was opened on; null for a handle opened
 * some other way, which then never hears of a change.
 */
export function listenForNotifications(
  db: Db,
  channel: string,
  handlers: NotificationHandlers,
): StopListening | null {
  return listeners.get(db)?.(channel, handlers) ?? null;
}

/**
 * The connections a database handle uses at one moment (the metrics: docs/product/operations.md#metrics-and-tracing).
 * PostgreSQL: the pool's connections, those idle among them, the queries waiting for one, and the pool's size.
 * PGlite: its one in-process connection, idle while no statement runs, with the statements queued behind the running
 * one as waiting.
 */
export interface ConnectionUse {
  open: number;
  idle: number;
  waiting: number;
  max: number;
}

/** How to start reading the connections of each handle (set by openPostgres and wrapPglite). */
const connectionWatchers = new WeakMap<Db, () => () => ConnectionUse>();
const connectionReaders = new WeakMap<Db, () => ConnectionUse>();

/**
 * A reader of the connections `db` uses (one per handle, however often asked); null for a handle opened some other
 * way. On PGlite the count starts with the first call, so that nothing is counted while nobody reads it.
 */
export function watchConnections(db: Db): (() => ConnectionUse) | null {
  let read = connectionReaders.get(db);
  if (!read) {
    const start = connectionWatchers.get(db);
    if (!start) return null;
    read = start();
    connectionReaders.set(db, read);
  }
  return read;
}

/**
 * PGlite runs one statement (or transaction) at a time behind a lock: every call of its three entry points is
 * counted from its start to its end, so the calls in flight are the one running and those waiting. A statement
 * inside a transaction goes through the transaction's own object, never counted twice.
 */
function countPgliteCalls(client: PGlite): () => ConnectionUse {
  let inFlight = 0;
  const counted =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inFlight += 1;
      try {
        return await call(...args);
      } finally {
        inFlight -= 1;
      }
    };
  client.query = counted(client.query.bind(client)) as PGlite['query'];
  client.exec = counted(client.exec.bind(client));
  client.transaction = counted(client.transaction.bind(client)) as PGlite['transaction'];
  return () => ({ open: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1), max: 1 });
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Arbitrary but fixed: serialises migrations when several API nodes start at once on one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_300_411;

export interface PostgresOptions {
  /** Told of each lost connection (the pool replaces it by itself) and each start-up retry. */
  onConnectionProblem?: (error: Error, what: 'lost' | 'waiting') => void;
  /** How long start-up waits for a database that is not reachable yet (a restart, a container starting). */
  startupWaitMs?: number;
  /** false: connect without applying migrations (a backup copies the database as it is). */
  migrate?: boolean;
}

/**
 * A pool that survives its database going away: a lost connection is reported, never thrown at the process (an
 * unhandled 'error' event would end it), queries fail fast while the server is unreachable (the error handler turns
 * that into 503 `database_unavailable`), and new connections are made as soon as it is back.
 */
/**
 * How every connection of the app plans its queries, set as startup parameters (a query of its own, queued as the
 * pool hands the connection out, would run beside the caller's first query, which node-postgres deprecates), put
 * before the options the URL may carry, so that an operator's own value of either wins:
 * - JIT off (docs/decisions/021-jit-off.md): compiling pays off for long analytic queries, not for ours; a caseload's
 *   statement (docs/product/feedback-and-progress.md#needs-attention) costs enough to be compiled, which took 10
 *   times its run (bench/attention.ts).
 * - random_page_cost 1.1 (docs/decisions/026-random-page-cost.md): our data is read from memory or SSD, where an
 *   index lookup costs about what a sequential read does; at the default 4 the clients page joined 1,000 clients to
 *   every user by a sequential scan (20 ms) instead of their primary key (6 ms).
 */
export const CONNECTION_SETTINGS = ['jit=off', 'random_page_cost=1.1'];

export function withConnectionSettings(url: string): string {
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  const ours = CONNECTION_SETTINGS.map((setting) => `-c ${setting}`).join(' ');
  parsed.searchParams.set('options', given ? `${ours} ${given}` : ours);
  return parsed.toString();
}

function createPool(url: string, onLost: (error: Error) => void) {
  const pool = new pg.Pool({
    connectionString: withConnectionSettings(url),
    max: 10,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    application_name: 'hep-api',
  });
  // An idle client whose backend ends (restart, failover, pg_terminate_backend): the pool drops it and says so here.
  pool.on('error', onLost);
  // A client checked out between two queries of a transaction hears of the loss itself; its next query fails with
  // it (and is answered 503), so here it only needs a listener. The pool also relays the idle case to the above.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

const LISTEN_RETRY_MS = { first: 500, max: 5_000 };

/**
 * LISTEN on one dedicated connection outside the pool (a pooled one goes back to other queries between
 * notifications), shared by every channel the process listens on (the caller cache, the live events). When its
 * backend ends (restart, failover, pg_terminate_backend) or the server cannot be reached, every listener hears so
 * at once and it connects again with a growing delay, then LISTENs on every channel again. The connection is made
 * with the first listener and ended with the last.
 */
function postgresListener(url: string): Listen {
  const channels = new Map<string, Set<NotificationHandlers>>();
  let current: pg.Client | undefined;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS.first;

  const tell = (value: boolean) => {
    listening = value;
    for (const set of channels.values()) for (const handlers of set) handlers.onListening(value);
  };

  const connect = async () => {
    if (channels.size === 0) return;
    const client = new pg.Client({
      connectionString: url,
      application_name: 'hep-api-listener',
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      // A connection already replaced or let go (every listener stopped) ends quietly: what listens now is another's.
      if (current !== client) return;
      current = undefined;
      tell(false);
      if (channels.size === 0) return;
      retry = setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
    };
    // Without an 'error' listener a lost connection would end the process.
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      for (const handlers of channels.get(message.channel) ?? [])
        handlers.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (lost) return;
    if (current !== client) {
      // Every listener stopped while it connected.
      void client.end().catch(() => undefined);
      return;
    }
    delay = LISTEN_RETRY_MS.first;
    tell(true);
  };

  return (channel, handlers) => {
    const first = channels.size === 0;
    let set = channels.get(channel);
    const client = current;
    if (!set) {
      set = new Set();
      channels.set(channel, set);
      // A new channel on a connection already up: LISTEN on it too, then say so. A failure there ends the
      // connection, which reconnects with every channel.
      if (client && listening)
        void client.query(`LISTEN ${channel}`).then(
          () => handlers.onListening(true),
          () => void client.end().catch(() => undefined),
        );
    } else if (listening) handlers.onListening(true);
    set.add(handlers);
    if (first) void connect();
    return async () => {
      set.delete(handlers);
      if (set.size === 0) channels.delete(channel);
      if (channels.size > 0) return;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      listening = false;
      await client?.end().catch(() => undefined);
    };
  };
}

/** PGlite is in the process: once LISTEN is in effect it hears every change, on commit. */
function listenOnPglite(client: PGlite, channel: string, handlers: NotificationHandlers): StopListening {
  const listening = client
    .listen(channel, (payload) => handlers.onNotification(payload))
    .then(
      (unlisten) => {
        handlers.onListening(true);
        return unlisten;
      },
      () => null,
    );
  return async () => {
    handlers.onListening(false);
    const unlisten = await listening;
    if (unlisten && !client.closed) await unlisten().catch(() => undefined);
  };
}

async function connectWhenReachable(pool: pg.Pool, options: PostgresOptions): Promise<pg.PoolClient> {
  const deadline = Date.now() + (options.startupWaitMs ?? 60_000);
  for (;;) {
    try {
      return await pool.connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= deadline) throw error;
      options.onConnectionProblem?.(error as Error, 'waiting');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = createPool(url, (error) => options.onConnectionProblem?.(error, 'lost'));
  const client = await connectWhenReachable(pool, options).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  if (options.migrate === false) client.release();
  else
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      const migrating = drizzlePg({ client });
      await migratePg(migrating, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
  const db = drizzlePg({ client: pool });
  pools.set(db, pool);
  listeners.set(db, postgresListener(url));
  connectionWatchers.set(db, () => () => ({
    open: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max,
  }));
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * The extensions the migrations create, which PGlite must load at every start, before they run (every `new PGlite`
 * of the app and its tests passes them): pg_trgm for the staff name search (docs/decisions/028-staff-counters.md).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WebAssembly memory and is touched at start-up:
 * the largest part of the embedded server's idle footprint. 16 MB holds a clinic's hot pages; the rest comes from the
 * operating system's page cache. A start parameter, not `postgresqlconf`, which would overwrite postgresql.conf
 * (and its time zone). Durability is unchanged: docs/decisions/014-embedded-memory.md.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  extensions: PGLITE_EXTENSIONS,
};

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pgliteDataDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/**
 * Embedded PostgreSQL in `dataDir/pgdata`. One process at a time: a lock file guards the folder. `migrate: false`
 * opens it as it is (a backup copies the database without changing it first).
 */
export async function openPglite(dataDir: string, options: { migrate?: boolean } = {}): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const client = new PGlite(pgliteDataDir(dataDir), PGLITE_OPTIONS);
    await client.waitReady;
    return await wrapPglite(client, releaseLock, options);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Wraps an existing PGlite instance (tests load one from a migrated template). */
export async function wrapPglite(
  client: PGlite,
  onClose: () => void = () => undefined,
  options: { migrate?: boolean } = {},
): Promise<Database> {
  const db = drizzlePglite({ client });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
  listeners.set(db, (channel, handlers) => listenOnPglite(client, channel, handlers));
  connectionWatchers.set(db, () => countPgliteCalls(client));
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      onClose();
    },
  };
}

/**
 * Opens and migrates the app's database. The data the app ships (the starter library) is the library module's: the
 * process that opens the database loads it next (library/starter-library.service).
 */
export async function openDatabase(
  options: { databaseUrl?: string; dataDir: string } & PostgresOptions,
): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir);
}

/**
 * The engine under a handle made by openDatabase (or a test's copy): the PGlite instance in this process, or the
 * PostgreSQL pool and the URL it connects with. A backup copies the database through it.
 */
export type Engine = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };

export function engineOf(db: Db): Engine {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return { kind: 'pglite', client };
  if (client instanceof pg.Pool)
    return { kind: 'postgres', pool: client, url: client.options.connectionString ?? '' };
  throw new Error('Not a database handle opened by openDatabase');
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
