import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCareTeam, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { sql } from 'drizzle-orm';
import { startReminderScheduler } from '../reminders/reminder-scheduler';
import { STATIC_ROUTE, UNMATCHED_ROUTE } from './monitoring.routes';

// GET /metrics (docs/product/operations.md#metrics-and-tracing): the token, the format, and each figure after real
// activity, on the embedded database and on PostgreSQL.

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };
const silent = pino({ level: 'silent' });
/** The pool's figures differ by engine: TEST_DB=postgres runs this file on PostgreSQL. */
const onPostgres = Boolean(inject('postgresTemplate'));

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** One scrape, parsed: each sample by its name and labels as written (`name{a="1",b="2"}`). */
async function scrape(): Promise<Map<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode).toBe(200);
  return parse(res.body);
}

/** The Prometheus text format, strictly: HELP and TYPE before each family, then `name{labels} value` lines. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][\w:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        typed.add(comment[2]!);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][\w:]*)(\{(?:[a-zA-Z_]\w*="(?:[^"\\\n]|\\.)*",?)*\})? (\S+)$/.exec(line);
    expect(sample, line).not.toBeNull();
    const family = sample![1]!.replace(/_(bucket|sum|count)$/, '');
    expect(typed.has(sample![1]!) || typed.has(family), line).toBe(true);
    samples.set(`${sample![1]}${sample![2] ?? ''}`, Number(sample![3]));
  }
  return samples;
}

const durationCount = (samples: Map<string, number>, method: string, route: string, status: number) =>
  samples.get(`http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`);

describe('GET /metrics: who may read it', () => {
  it('does not exist without METRICS_TOKEN: the same 404 as any unknown address', async () => {
    const off = await createTestApp();
    try {
      expect(off.app.metrics).toBeNull();
      const metrics = await off.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      const unknown = await off.app.inject({ method: 'GET', url: '/no-such-page', headers: bearer });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.json()).toEqual(unknown.json());
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the token, with another or with another scheme', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the bearer of the token in the Prometheus text format, never cached, as often as it is asked', async () => {
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: i % 2 ? `bearer ${TOKEN}` : `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      parse(res.body);
    }
  });
});

describe('GET /metrics: the figures', () => {
  it('times each request by method, route template and status; the scrape itself is not among them', async () => {
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: '/api/health/' });
    await t.app.inject({ method: 'GET', url: '/api/health/' });
    // An id in the address and an address nobody routes: the template, and one label for every unknown address.
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    await t.app.inject({ method: 'GET', url: '/api/clients/987654/messages/', headers: session.headers });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/jane.doe@example.com' });
    await t.app.inject({ method: 'GET', url: '/no-such-page/jane.doe@example.com' });

    const after = await scrape();
    const was = (method: string, route: string, status: number) =>
      durationCount(before, method, route, status) ?? 0;
    expect(durationCount(after, 'GET', '/api/health/', 200)).toBe(was('GET', '/api/health/', 200) + 2);
    expect(durationCount(after, 'POST', '/api/login/', 200)).toBeGreaterThanOrEqual(1);
    expect(durationCount(after, 'GET', '/api/clients/:client_id/messages/', 404)).toBe(1);
    expect(durationCount(after, 'GET', UNMATCHED_ROUTE, 404)).toBe(was('GET', UNMATCHED_ROUTE, 404) + 2);
    // A histogram: cumulative buckets up to +Inf, which equals the count; a sum in seconds.
    const health = (suffix: string, le?: string) =>
      after.get(
        `http_request_duration_seconds_${suffix}{method="GET",route="/api/health/",status="200"${le ? `,le="${le}"` : ''}}`,
      );
    expect(health('bucket', '+Inf')).toBe(health('count'));
    expect(health('bucket', '0.0025')!).toBeLessThanOrEqual(health('bucket', '30')!);
    expect(health('sum')!).toBeGreaterThan(0);
    expect(health('sum')!).toBeLessThan(health('count')! * 30);

    const text = [...after.keys()].join('\n');
    expect(text).not.toContain('route="/metrics"');
    expect(text).not.toContain('987654');
    expect(text).not.toContain('jane.doe');
    expect(text).not.toContain(therapist.email);
    // Every route label is a template, one of the two fixed labels, or the web app's files.
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!));
    for (const route of routes)
      expect([UNMATCHED_ROUTE, STATIC_ROUTE].includes(route) || route.startsWith('/api/')).toBe(true);
  });

  it("counts the database's connections", async () => {
    const samples = await scrape();
    if (onPostgres) {
      expect(samples.get('hep_db_pool_max_connections')).toBe(10);
      expect(samples.get('hep_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(samples.get('hep_db_pool_connections')).toBeLessThanOrEqual(10);
    } else {
      // The embedded database: one connection, idle between statements.
      expect(samples.get('hep_db_pool_max_connections')).toBe(1);
      expect(samples.get('hep_db_pool_connections')).toBe(1);
      expect(samples.get('hep_db_pool_idle_connections')).toBe(1);
    }
    expect(samples.get('hep_db_pool_idle_connections')).toBeLessThanOrEqual(
      samples.get('hep_db_pool_connections')!,
    );
    expect(samples.get('hep_db_pool_waiting_queries')).toBe(0);
  });

  it('counts a query waiting behind an open transaction on the embedded database, and none on PostgreSQL', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const inTransaction = new Promise<void>((resolve) => (began = resolve));
    const transaction = t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      began();
      await held;
    });
    await inTransaction;
    // Drizzle runs a statement when it is awaited: `then` starts it now.
    const query = t.ctx.db.execute(sql`select 2`).then(() => undefined);
    await sleep(20);
    // The scrape's own statement waits for the transaction too, on the embedded database: released a moment later.
    const scraping = scrape();
    await sleep(50);
    release();
    const [samples] = await Promise.all([scraping, transaction, query]);
    if (onPostgres) {
      // Two of the pool's connections: the transaction's and the query's.
      expect(samples.get('hep_db_pool_connections')).toBeGreaterThanOrEqual(2);
      expect(samples.get('hep_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(samples.get('hep_db_pool_idle_connections')).toBe(0);
      expect(samples.get('hep_db_pool_waiting_queries')).toBe(1);
    }
  });

  it("shows the mail outbox's backlog and how long its oldest mail has waited", async () => {
    await t.deliverMail();
    let samples = await scrape();
    expect(samples.get('hep_mail_outbox_backlog')).toBe(0);
    expect(samples.get('hep_mail_outbox_oldest_age_seconds')).toBe(0);

    const mail = {
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
      purpose: 'test',
    };
    await t.ctx.mailer.send(mail);
    t.clock.advance(90_000);
    await t.ctx.mailer.send(mail);
    t.clock.advance(30_000);
    samples = await scrape();
    expect(samples.get('hep_mail_outbox_backlog')).toBe(2);
    expect(samples.get('hep_mail_outbox_oldest_age_seconds')).toBe(120);

    await t.deliverMail();
    samples = await scrape();
    expect(samples.get('hep_mail_outbox_backlog')).toBe(0);
    expect(samples.get('hep_mail_outbox_oldest_age_seconds')).toBe(0);
  });

  it('times the reminder tick and shows how late it runs', async () => {
    let samples = await scrape();
    expect(samples.get('hep_reminder_tick_duration_seconds_count')).toBe(0);
    expect(samples.get('hep_reminder_tick_lag_seconds')).toBe(0);

    // The real tick, on this node's scheduler, every 20 ms.
    const stop = startReminderScheduler(t.ctx, silent, 20, undefined, t.app.metrics!.reminderTick);
    await expect
      .poll(async () => (await scrape()).get('hep_reminder_tick_duration_seconds_count'), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(2);
    await stop();
    samples = await scrape();
    const count = samples.get('hep_reminder_tick_duration_seconds_count')!;
    expect(samples.get('hep_reminder_tick_duration_seconds_bucket{le="+Inf"}')).toBe(count);
    expect(samples.get('hep_reminder_tick_duration_seconds_sum')!).toBeGreaterThan(0);
    expect(samples.get('hep_reminder_tick_lag_seconds')!).toBeGreaterThanOrEqual(0);
    expect(samples.get('hep_reminder_tick_lag_seconds')!).toBeLessThan(5);
  });

  it('shows a tick that outlasts its interval as lag, while it runs and after', async () => {
    const metrics = t.app.metrics!;
    let finish!: () => void;
    let started = 0;
    const stop = startReminderScheduler(
      t.ctx,
      silent,
      50,
      async () => {
        started += 1;
        if (started === 1) await new Promise<void>((resolve) => (finish = resolve));
      },
      metrics.reminderTick,
    );
    await expect.poll(() => started).toBe(1);
    await sleep(300);
    // The first tick has run 300 ms: the next one, due 50 ms after it began, is 250 ms late and counting.
    const during = (await scrape()).get('hep_reminder_tick_lag_seconds')!;
    expect(during).toBeGreaterThanOrEqual(0.2);
    finish();
    await expect.poll(() => started).toBeGreaterThanOrEqual(2);
    await stop();
    // The second tick began at once, as late as the first ran over.
    expect((await scrape()).get('hep_reminder_tick_lag_seconds')!).toBeGreaterThanOrEqual(during);
  });

  it('counts the live event streams open on this node', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    expect((await scrape()).get('hep_live_event_streams')).toBe(0);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events/`, {
      headers: session.headers,
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    await expect.poll(async () => (await scrape()).get('hep_live_event_streams')).toBe(1);
    controller.abort();
    await expect.poll(async () => (await scrape()).get('hep_live_event_streams')).toBe(0);
    // A stream is not a request to time: its hours open would swamp every other duration.
    expect([...(await scrape()).keys()].some((key) => key.includes('route="/api/events/"'))).toBe(false);
  });
});
