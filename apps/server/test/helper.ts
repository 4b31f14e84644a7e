import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { type Database, openPostgres, PGLITE_EXTENSIONS, wrapPglite } from '../src/db/client';
import pino from 'pino';
import { createMailer, type MailMessage } from '../src/modules/mail/mailer';
import type { MailTransport } from '../src/modules/mail/mail-transport';
import { runMailWorker } from '../src/modules/mail/mail-worker';
import { unfinishedWorkDone } from '../src/lib/unfinished-work';
import { databaseUrlFor } from './global-setup';

let fileDatabase: Promise<Database> | undefined;
let counter = 0;

/** One database per test file: a copy of the migrated template (PGlite, or PostgreSQL when TEST_DB=postgres). */
function databaseForThisFile(): Promise<Database> {
  fileDatabase ??= (async () => {
    const pgTemplate = inject('postgresTemplate');
    if (pgTemplate) {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `hep_t_${process.ppid}_${process.pid}_${Date.now()}_${counter++}`.slice(0, 63);
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
      await admin.end();
      // A test's database need not outlive a crash of the machine: commits return without waiting for the disk
      // (PostgreSQL's synchronous_commit off, for this connection only), which took 14% off the API tests' time.
      return openPostgres(`${databaseUrlFor(base, name)}?options=-c%20synchronous_commit%3Doff`);
    }
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const client = new PGlite({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    return wrapPglite(client);
  })();
  return fileDatabase;
}

/**
 * Closes this file's database, so that the next file of the same worker gets a fresh copy (test files share a
 * worker's modules: see one-database-per-file.ts).
 */
export async function closeFileDatabase(): Promise<void> {
  const database = fileDatabase;
  fileDatabase = undefined;
  if (database) await (await database).close();
}

export interface TestClock {
  now: () => Date;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => void (current = new Date(date)),
    advance: (ms) => void (current = new Date(current.getTime() + ms)),
  };
}

/**
 * A mail transport that keeps every message the mail worker hands it, so a test can read the link a user would
 * click. The app only queues mail: a test runs the worker with `await t.deliverMail()` before reading the mailbox.
 */
export function createMailbox(): MailTransport & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return { messages, deliver: async (message) => void messages.push(message) };
}

export interface TestAppOptions {
  /** Delivers mail another way (a real SMTP server, the outbox folder); mailbox.messages then stays empty. */
  transport?: MailTransport;
  /** Told of every route the app registers (buildApp's `onRoute`). */
  onRoute?: BuildOptions['onRoute'];
}

const silent = pino({ level: 'silent' });

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const database = await databaseForThisFile();
  const clock = createClock();
  const mailbox = createMailbox();
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent', ...env });
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer: createMailer({ db: database.db, now: clock.now }),
    secretKey: new TextEncoder().encode('test-secret-key-that-is-long-enough-0123456789'),
    now: clock.now,
  };
  const app = await buildApp(ctx, { webDist: null, onRoute: options.onRoute });
  /** Runs the mail worker once, as the server's would: every due mail in this file's database goes out. */
  const deliverMail = async () => {
    // Mail queued just after an answer (a reset link) is in the outbox first.
    await unfinishedWorkDone();
    return runMailWorker(ctx, options.transport ?? mailbox, silent);
  };
  return { app, ctx, clock, mailbox, deliverMail, close: () => app.close() };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let ipCounter = 0;
/** A fresh client address, so that per-IP rate limits of one test never touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
