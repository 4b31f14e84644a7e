import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { addDays } from '@hep/shared/domain/day-status';
import { type FeedbackBody, freshFeedbackBodies } from './feedback-bodies';
import { call, login, type Tokens } from './http';
import { freshAddress, type LoadSpec } from './load';
import type { SameRequest } from './same-statements';
import type { Fixtures } from './seed-fixtures';

export type BaselineName = 'bare select' | 'bare insert';

export interface Endpoint {
  name: string;
  baseline: BaselineName;
  connections: number;
  /** The least ratio to its baseline that the issue asks for, if any. */
  target?: number;
  /** One call as the load will make it; throws unless it answers the expected 2xx. */
  check: () => Promise<void>;
  /** The load, made just before each run. */
  load: () => Promise<LoadSpec>;
  /**
   * The same-statement baseline: the request the bench records from the API's own code (same-statements.ts), the
   * bare route's load replaying it, and the least ratio to it (docs/product/operations.md#performance-targets).
   */
  same?: { request: SameRequest; load: () => LoadSpec; target: number };
}

/** Our stack's own cost on top of the statements (docs/product/operations.md#performance-targets). */
export const SAME_TARGET = { read: 0.8, write: 0.7 };

export interface Sessions {
  therapist: Tokens;
  staff: Tokens;
  weekClient: Tokens;
  writer: Tokens;
}

interface Context {
  apiUrl: string;
  bareUrl: string;
  fixtures: Fixtures;
  sessions: Sessions;
}

const CONNECTIONS = 10;

/** A JSON POST whose body (and X-Forwarded-For) `body` makes anew for each request. */
function postEach(
  path: string,
  body: () => unknown,
  token?: string,
  headers: () => Record<string, string> = () => ({}),
): autocannon.Request {
  return {
    method: 'POST',
    path,
    setupRequest: (request) => ({
      ...request,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'x-forwarded-for': freshAddress(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers(),
      },
      body: JSON.stringify(body()),
    }),
  };
}

function expectStatus(name: string, res: { status: number; body: unknown }, status: number): void {
  if (res.status !== status) {
    throw new Error(
      `${name} answered ${res.status} before timing: ${JSON.stringify(res.body).slice(0, 300)}`,
    );
  }
}

/** A GET as `token`, checked once for a 200 whose body `problem` finds nothing wrong with. */
function getEndpoint(
  ctx: Context,
  name: string,
  path: string,
  as: keyof Sessions,
  problem: (body: unknown) => string | null,
  target?: number,
): Endpoint {
  const token = () => ctx.sessions[as].access;
  return {
    name,
    same: {
      request: { name, method: 'GET', path, email: ctx.fixtures[as].email },
      load: () => ({
        url: ctx.bareUrl,
        connections: CONNECTIONS,
        requests: [{ method: 'GET', path: `/bare/same/${encodeURIComponent(name)}` }],
      }),
      target: SAME_TARGET.read,
    },
    baseline: 'bare select',
    connections: CONNECTIONS,
    ...(target === undefined ? {} : { target }),
    check: async () => {
      const res = await call(ctx.apiUrl + path, { token: token() });
      expectStatus(name, res, 200);
      const wrong = problem(res.body);
      if (wrong) throw new Error(`${name}: ${wrong}`);
    },
    load: async () => ({
      url: ctx.apiUrl,
      connections: CONNECTIONS,
      requests: [{ method: 'GET', path, headers: { authorization: `Bearer ${token()}` } }],
    }),
  };
}

const count = (expected: number, what: string) => (body: unknown) => {
  const n = Array.isArray(body) ? body.length : Object.keys(body as object).length;
  return n === expected ? null : `expected ${expected} ${what}, got ${n}`;
};

/**
 * The refresh token rotates on every use, so each request needs the token the previous answer gave: one
 * connection carries the chain (its baselines run on one connection too), after a fresh login per run.
 */
function refreshEndpoint(ctx: Context): Endpoint {
  const path = '/api/token/refresh/';
  const name = 'token refresh (1 connection)';
  return {
    name,
    baseline: 'bare select',
    connections: 1,
    same: {
      request: { name, method: 'POST', path, email: ctx.fixtures.therapist.email, refreshChain: true },
      load: () => ({
        url: ctx.bareUrl,
        connections: 1,
        requests: [postEach(`/bare/same/${encodeURIComponent(name)}`, () => ({}))],
      }),
      target: SAME_TARGET.write,
    },
    check: async () => {
      const { refresh } = await login(ctx.apiUrl, ctx.fixtures.therapist.email);
      const res = await call(ctx.apiUrl + path, { method: 'POST', json: { refresh } });
      expectStatus('token refresh', res, 200);
    },
    load: async () => {
      let { refresh } = await login(ctx.apiUrl, ctx.fixtures.therapist.email);
      return {
        url: ctx.apiUrl,
        connections: 1,
        requests: [
          {
            ...postEach(path, () => ({ refresh })),
            onResponse: (status, body) => {
              if (status === 200) refresh = (JSON.parse(body) as Tokens).refresh;
            },
          },
        ],
      };
    },
  };
}

interface Write {
  name: string;
  path: string;
  as: keyof Sessions;
  /** A fresh body for each request. */
  body: () => Record<string, unknown>;
  /** With a fresh Idempotency-Key per request, as the web app sends it (docs/product/session.md#idempotency-key). */
  keyed: boolean;
  target?: number;
}

/** A JSON POST answering 201, against bare insert and its same-statement route. */
function writeEndpoint(ctx: Context, write: Write): Endpoint {
  const token = () => ctx.sessions[write.as].access;
  const headers = (): Record<string, string> => (write.keyed ? { 'idempotency-key': randomUUID() } : {});
  const { name } = write;
  return {
    name,
    baseline: 'bare insert',
    connections: CONNECTIONS,
    ...(write.target === undefined ? {} : { target: write.target }),
    same: {
      request: {
        name,
        method: 'POST',
        path: write.path,
        email: ctx.fixtures[write.as].email,
        body: write.body(),
        ...(write.keyed ? { key: randomUUID() } : {}),
      },
      load: () => ({
        url: ctx.bareUrl,
        connections: CONNECTIONS,
        requests: [postEach(`/bare/same/${encodeURIComponent(name)}`, write.body, undefined, headers)],
      }),
      target: SAME_TARGET.write,
    },
    check: async () => {
      const res = await call(ctx.apiUrl + write.path, {
        method: 'POST',
        token: token(),
        json: write.body(),
        headers: headers(),
      });
      expectStatus(name, res, 201);
    },
    load: async () => ({
      url: ctx.apiUrl,
      connections: CONNECTIONS,
      requests: [postEach(write.path, write.body, token(), headers)],
    }),
  };
}

/** POST /feedback/, as the web app sends it (`keyed`: with an Idempotency-Key) or without one. */
function feedbackCreateEndpoint(ctx: Context, nextBody: () => FeedbackBody, keyed: boolean): Endpoint {
  return writeEndpoint(ctx, {
    name: keyed ? 'feedback create (JSON, Idempotency-Key)' : 'feedback create (JSON)',
    path: '/api/feedback/',
    as: 'writer',
    body: nextBody,
    keyed,
    target: 0.25,
  });
}

/** GET /users/clients/?page=1 once paging exists ({results,count,next}); the whole unpaged list before that. */
async function clientsEndpoint(ctx: Context): Promise<Endpoint> {
  const paged = await call(`${ctx.apiUrl}/api/users/clients/?page=1`, {
    token: ctx.sessions.therapist.access,
  });
  expectStatus("therapist's clients", paged, 200);
  const total = ctx.fixtures.therapistClients;
  if (Array.isArray(paged.body)) {
    return getEndpoint(
      ctx,
      `therapist's clients (UNPAGED: all ${total})`,
      '/api/users/clients/',
      'therapist',
      count(total, 'clients'),
      0.3,
    );
  }
  return getEndpoint(
    ctx,
    "therapist's clients, page 1",
    '/api/users/clients/?page=1',
    'therapist',
    (body) => {
      const page = body as { count?: unknown; results?: unknown };
      return page.count === total && Array.isArray(page.results) ? null : `expected count ${total}`;
    },
    0.3,
  );
}

/** Every measured endpoint, in run order. */
export async function endpointsFor(ctx: Context): Promise<Endpoint[]> {
  const f = ctx.fixtures;
  const week = `start_date=${f.monday}&end_date=${addDays(f.monday, 6)}`;
  const client = 'weekClient';
  const nextFeedbackBody = freshFeedbackBodies(f);
  return [
    getEndpoint(ctx, 'profile read', `/api/users/${f.therapist.id}/`, 'therapist', (body) =>
      (body as { id?: unknown }).id === f.therapist.id ? null : 'another user answered',
    ),
    getEndpoint(ctx, "client's week programs", `/api/programs/?${week}`, client, count(20, 'programs'), 0.5),
    getEndpoint(ctx, 'week statuses', `/api/programs/status/?${week}`, client, count(20, 'programs'), 0.5),
    getEndpoint(
      ctx,
      'month statuses',
      `/api/programs/${f.monthProgram}/status/?month=${f.today.slice(0, 7)}`,
      client,
      (body) => (Object.keys(body as object).length >= 28 ? null : 'not a whole month'),
      0.5,
    ),
    getEndpoint(
      ctx,
      'program adherence (8 weeks)',
      `/api/programs/${f.monthProgram}/adherence/?weeks=8`,
      client,
      (body) => ((body as { weeks?: unknown[] }).weeks?.length === 8 ? null : 'not 8 weeks'),
    ),
    getEndpoint(
      ctx,
      'feedback history (36)',
      `/api/feedback/?exercise=${f.historyExercise}`,
      client,
      count(36, 'entries'),
      0.5,
    ),
    await clientsEndpoint(ctx),
    getEndpoint(ctx, 'staff metrics', '/api/metrics/', 'staff', () => null),
    getEndpoint(
      ctx,
      'conversation, newest 50',
      `/api/clients/${f.weekClient.id}/messages/?limit=50`,
      'therapist',
      (body) => ((body as { results?: unknown[] }).results?.length === 50 ? null : 'not 50 messages'),
    ),
    getEndpoint(
      ctx,
      'measures list',
      `/api/clients/${f.weekClient.id}/measures/`,
      'therapist',
      count(1, 'measures'),
    ),
    getEndpoint(
      ctx,
      'measure scores (GAD-7, 52)',
      `/api/clients/${f.weekClient.id}/measures/gad7/scores/`,
      'therapist',
      count(52, 'scores'),
    ),
    refreshEndpoint(ctx),
    // One supply of fresh (exercise, day) pairs for both: a pair already used would answer 409.
    ...[false, true].map((keyed) => feedbackCreateEndpoint(ctx, nextFeedbackBody, keyed)),
    writeEndpoint(ctx, {
      name: 'message send (Idempotency-Key)',
      path: `/api/clients/${f.weekClient.id}/messages/`,
      as: 'therapist',
      body: () => ({ text: 'Well done this week. Keep the rest breaks between sets.' }),
      keyed: true,
    }),
  ];
}

/** The bare server's routes, loaded as the endpoints they stand beside are. */
export function baselineLoad(
  bareUrl: string,
  name: BaselineName,
  connections: number,
  userId: number,
): LoadSpec {
  let n = 0;
  const body = (): FeedbackBody => ({
    exercise: 1 + (n % 100),
    date_completed: '2026-01-01',
    effort_rating: n++ % 11,
    feeling: 'Bench entry: felt steady today.',
  });
  return {
    url: bareUrl,
    connections,
    requests: [
      name === 'bare select'
        ? { method: 'GET', path: `/bare/select/${userId}` }
        : postEach('/bare/insert', body),
    ],
  };
}
