import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { openPostgres } from '../apps/server/src/db/client';
import { unfinishedWorkDone } from '../apps/server/src/lib/unfinished-work';
import { createMailer } from '../apps/server/src/modules/mail/mailer';
import { BENCH_PASSWORD } from './config';
import { assertSwappable, type RecordedStatement, recordStatements } from './recorded-statements';
import { DRIZZLE_TYPES_MARK, type SameRecording } from './same-recording';

// The same-statement baselines (docs/product/operations.md#performance-targets): each bench row's request is served
// once by the API's own code in this process, on a pool whose sends are recorded after a warm-up request (so the
// caller is cached, as under load), and the bare server replays those statements for each of its requests. The
// ratio to that bare route is what our stack (Fastify, auth, Zod, Drizzle, the JSON) costs on top of the statements.

export interface SameRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Whose session: an email of the fixtures. */
  email: string;
  /** A write's body and headers for the recorded request (a fresh body: the recording really saves it). */
  body?: Record<string, unknown>;
  key?: string;
  /**
   * A token refresh: the body is a fresh session's refresh token, and each replay presents the token the previous
   * replay issued (the chain a client's refreshes make), so every replay rotates a live token as the API's do.
   */
  refreshChain?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Records every request's statements through an in-process API on the bench database. */
export async function recordSameStatements(
  databaseUrl: URL,
  requests: SameRequest[],
): Promise<Record<string, SameRecording>> {
  const database = await openPostgres(databaseUrl.toString());
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const ctx: AppContext = {
    config: loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl.toString() }),
    db: database.db,
    mailer: createMailer({ db: database.db, now: () => new Date() }),
    secretKey: randomBytes(32),
    now: () => new Date(),
  };
  const app = await buildApp(ctx, { webDist: null });
  const logIn = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email, password: BENCH_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`in-process login as ${email}: ${res.statusCode}`);
    return res.json<{ access: string; refresh: string }>();
  };
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, (await logIn(email)).access);
    return tokens.get(email)!;
  };
  const send = async (request: SameRequest, token: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (request.key) headers['idempotency-key'] = request.key;
    const res = await app.inject({
      method: request.method,
      url: request.path,
      headers,
      payload: request.body,
    });
    if (res.statusCode >= 300)
      throw new Error(`${request.name}: the API answered ${res.statusCode} ${res.body}`);
  };
  try {
    const recordings: Record<string, SameRecording> = {};
    for (const request of requests) {
      // The warm-up: signed in, and the caller's account cached from here on, as under load. A write warms with
      // the caller's unread count, a read of their own.
      const token = await tokenOf(request.email);
      if (request.method === 'GET') await send(request, token);
      else await send({ ...request, method: 'GET', path: '/api/messages/unread/', body: undefined }, token);
      if (request.refreshChain) request.body = { refresh: (await logIn(request.email)).refresh };
      const startedAt = Date.now();
      // And the work the request leaves running after its answer (a message's pushes): the API's statements too.
      const { statements } = await recordStatements(pool, async () => {
        await send(request, token);
        await unfinishedWorkDone();
      });
      recordings[request.name] = {
        // Drizzle's type parsers (functions) cannot travel as JSON: the bare server puts the same ones back.
        statements: statements.map((statement) => ({
          ...statement,
          config: { ...statement.config, types: statement.config.types ? DRIZZLE_TYPES_MARK : undefined },
        })) as RecordedStatement[],
        swaps: swapsOf(request, statements, startedAt),
      };
    }
    return recordings;
  } finally {
    await app.close();
    await database.close();
  }
}

/** A write's values that a replay must make its own: the entry's exercise and day, the key, the clock. */
function swapsOf(
  request: SameRequest,
  statements: RecordedStatement[],
  startedAt: number,
): SameRecording['swaps'] {
  if (!request.body) return [];
  if (request.refreshChain) return refreshSwaps(request.body.refresh as string, statements);
  // A feedback entry's exercise and day (a repeat would answer 409); a message has neither.
  const swaps: SameRecording['swaps'] = [];
  if (request.body.exercise !== undefined) swaps.push({ value: request.body.exercise, from: 'exercise' });
  if (request.body.date_completed !== undefined)
    swaps.push({ value: request.body.date_completed, from: 'date' });
  if (request.key) swaps.push({ value: request.key, from: 'key' });
  assertSwappable(
    statements,
    swaps.map((s) => s.value),
    request.name,
  );
  // The request's own clock and the key's request hash: any value sent that looks like them.
  for (const value of new Set(statements.flatMap((s) => s.values))) {
    if (typeof value !== 'string') continue;
    const at = Date.parse(value);
    if (/^\d{4}-\d\d-\d\dT/.test(value) && Math.abs(at - startedAt) < 60_000)
      swaps.push({ value, from: 'now' });
    else if (/^\d{4}-\d\d-\d\dT/.test(value) && Math.abs(at + DAY_MS - startedAt) < 60_000)
      swaps.push({ value, from: 'cutoff' });
    else if (/^[0-9a-f]{64}$/.test(value)) swaps.push({ value, from: 'unique' });
  }
  return swaps;
}

/** The first column of a row, read as Drizzle reads them (arrays) or by name: a refresh token's id. */
export const firstColumn = (row: unknown): unknown =>
  Array.isArray(row) ? row[0] : (row as { id?: unknown } | undefined)?.id;

/**
 * A refresh's chain: the presented token's hash stands for the token the previous replay issued (`chain`, the
 * recording's own new token first), the row its lookup found for the row the replay's lookup finds (`chainId`), and
 * the new token's hash is made fresh (`unique`), and becomes the next replay's `chain`.
 */
function refreshSwaps(presented: string, statements: RecordedStatement[]): SameRecording['swaps'] {
  const presentedHash = createHash('sha256').update(presented).digest('hex');
  const lookup = statements.find((s) => s.values.includes(presentedHash));
  const foundId = firstColumn(lookup?.rows[0]);
  if (typeof foundId !== 'number')
    throw new Error('token refresh: no recorded lookup found the presented token');
  const issued = statements
    .flatMap((s) => s.values)
    .filter((value) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) && value !== presentedHash);
  if (issued.length !== 1)
    throw new Error(`token refresh: ${issued.length} new token hashes recorded, not 1`);
  return [
    { value: presentedHash, from: 'chain' },
    { value: foundId, from: 'chainId' },
    { value: issued[0], from: 'unique' },
  ];
}

/** A fresh idempotency key, as the web app sends one. */
export const freshKey = () => randomUUID();
