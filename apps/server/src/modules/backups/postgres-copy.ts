import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { BackupRefusal } from './backup-manifest';
import { COPY_FACTS_SQL } from './backups.repository';
import { type CopyFacts, factsFrom } from './embedded-copy';

/** Installs the PostgreSQL client programs where they are missing (named in the refusal when they are). */
export const PG_CLIENT_SCRIPT = 'scripts/ensure-pg-client.sh';

type PgTool = 'pg_dump' | 'pg_restore';

/** Where `name` is on PATH, or null. */
export function findPgTool(name: PgTool, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Refuses in one line, naming the script that installs them, when a program the copy needs is missing. */
export function requirePgTool(name: PgTool): string {
  const found = findPgTool(name);
  if (!found)
    throw new BackupRefusal(
      `${name} is not installed: run "bash ${PG_CLIENT_SCRIPT}" (as root it installs postgresql-client with ` +
        `apt-get), then try again.`,
    );
  return found;
}

/**
 * libpq's view of a URL: the password travels in PGPASSWORD, never on the command line, where any user of the
 * machine could read it.
 */
function libpqTarget(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // libpq reads "%20" as a space but not "+", which URLSearchParams writes (the `options` the app adds hold spaces).
  parsed.search = [...parsed.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a client program; its failure is an error carrying the end of what it printed. */
function runTool(tool: string, args: string[], env: Record<string, string>, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...env, PGAPPNAME: 'hep-backup' },
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-2_000)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const name = path.basename(tool);
      const said = stderr.trim().split('\n').slice(-3).join(' ').trim();
      const hint = /version mismatch/.test(said)
        ? ` Install the client programs of the server's version (${PG_CLIENT_SCRIPT} installs Debian's).`
        : '';
      reject(new Error(`${name} failed (exit ${code}): ${said || 'no message'}${hint}`));
    });
  });
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'hep-backup' });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new Error(`Cannot connect to the database: ${(error as Error).message}`);
  }
  return client;
}

async function arrayRows(client: pg.Client, text: string): Promise<(string | null)[][]> {
  return (await client.query<(string | null)[]>({ text, rowMode: 'array' })).rows;
}

/**
 * `pg_dump -Fc` of the database into `file`, consistent with the media it names: one repeatable-read transaction
 * exports its snapshot, reads the media rows in it, and stays open while pg_dump dumps that same snapshot
 * (`--snapshot`). `onBytes` hears the dump's size as it grows.
 */
export async function dumpPostgres(
  url: string,
  file: string,
  options: { signal?: AbortSignal; onBytes?: (done: number) => void } = {},
): Promise<CopyFacts> {
  const tool = requirePgTool('pg_dump');
  const client = await connect(url);
  const watch = setInterval(() => {
    void stat(file).then(
      (info) => options.onBytes?.(info.size),
      () => undefined,
    );
  }, 500);
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const facts = factsFrom(
      await arrayRows(client, COPY_FACTS_SQL.media),
      await arrayRows(client, COPY_FACTS_SQL.lastMigration),
      await arrayRows(client, COPY_FACTS_SQL.postgresMajor),
    );
    const target = libpqTarget(url);
    await runTool(
      tool,
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        '--no-password',
        `--file=${file}`,
        '--dbname',
        target.dbname,
      ],
      target.env,
      options.signal,
    );
    await client.query('commit');
    return facts;
  } finally {
    clearInterval(watch);
    await client.end().catch(() => undefined);
  }
}

/** How many tables, views and sequences the database holds outside PostgreSQL's own schemas. */
export async function countUserRelations(url: string): Promise<number> {
  const client = await connect(url);
  try {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`);
    return result.rows[0]!.n;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `pg_restore` of a dump into an empty database, in one transaction (a failure leaves the database as it was),
 * owned by the user of the URL; then ANALYZE, so the first queries are planned on statistics.
 */
export async function restorePostgres(url: string, file: string, signal?: AbortSignal): Promise<void> {
  const tool = requirePgTool('pg_restore');
  const target = libpqTarget(url);
  await runTool(
    tool,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--no-password',
      '--dbname',
      target.dbname,
      file,
    ],
    target.env,
    signal,
  );
  const client = await connect(url);
  try {
    await client.query('analyze');
  } finally {
    await client.end().catch(() => undefined);
  }
}
