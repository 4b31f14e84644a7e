import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import type { ConnectionUse } from '../../db/client';
import type { TickObserver } from '../../lib/periodic-tick';
import type { OutboxBacklog } from '../mail/mail.service';
import { RequestDurations } from './request-durations';

/**
 * Where the gauges read their values, at each scrape (docs/product/operations.md#metrics-and-tracing): nothing is
 * counted per request for them.
 */
export interface MetricSources {
  /** The database's connections; null for a handle that cannot say (the gauges are then left out). */
  connections: (() => ConnectionUse) | null;
  /** The mail outbox's backlog, one statement. */
  outboxBacklog: () => Promise<OutboxBacklog>;
  /** The open live event streams of this node. */
  liveStreams: () => number;
  /** The app's clock, against which the outbox's oldest mail is aged (it stamps the mail's `created_at`). */
  now: () => Date;
}

export interface Metrics {
  /** This app's own registry: never prom-client's global one, so that apps built side by side stay apart. */
  registry: Registry;
  requestDurations: RequestDurations;
  /** Told of each reminder tick by the scheduler (run-server.ts). */
  reminderTick: TickObserver;
  /** Adds Node's process metrics (prom-client's defaults); once per process, by the server that listens. */
  collectProcessMetrics(): void;
}

/** Seconds, from a tick of a few milliseconds to one held up by a slow push service. */
const TICK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const requestDurations = new RequestDurations();
  registry.registerMetric(requestDurations as unknown as Metric);

  if (sources.connections) {
    const read = sources.connections;
    const gauge = (name: string, help: string, pick: (use: ConnectionUse) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(read()));
        },
      });
    gauge(
      'hep_db_pool_connections',
      'Database connections open in the pool, in use or idle (the embedded database: its one connection).',
      (use) => use.open,
    );
    gauge('hep_db_pool_idle_connections', 'Open database connections not in use.', (use) => use.idle);
    gauge(
      'hep_db_pool_waiting_queries',
      'Queries waiting for a database connection (the embedded database: queued behind the running one).',
      (use) => use.waiting,
    );
    gauge(
      'hep_db_pool_max_connections',
      'The most connections the pool opens (the embedded database: 1).',
      (use) => use.max,
    );
  }

  // Both outbox gauges from one statement per scrape: the registry collects them at once, so the second shares the
  // first one's reading. While the database cannot be read both are NaN (unknown), and the rest of the scrape, the
  // pool's figures among them, still answers.
  let backlog: Promise<OutboxBacklog | null> | null = null;
  const readBacklog = () => {
    backlog ??= sources
      .outboxBacklog()
      .catch(() => null)
      .finally(() => {
        backlog = null;
      });
    return backlog;
  };
  new Gauge({
    name: 'hep_mail_outbox_backlog',
    help: 'Mails queued and not yet sent (due, waiting for a retry, or being sent); given-up mails are not counted.',
    registers,
    async collect() {
      this.set((await readBacklog())?.count ?? NaN);
    },
  });
  new Gauge({
    name: 'hep_mail_outbox_oldest_age_seconds',
    help: 'How long the oldest mail not yet sent has been queued; 0 when none is.',
    registers,
    async collect() {
      const read = await readBacklog();
      const oldest = read?.oldestQueuedAt;
      this.set(!read ? NaN : oldest ? Math.max(0, (sources.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });

  const tickDuration = new Histogram({
    name: 'hep_reminder_tick_duration_seconds',
    help: "How long each of this node's reminder ticks took (queueing the due reminders and sending them).",
    buckets: TICK_BUCKETS,
    registers,
  });
  let lastLagMs = 0;
  let nextDueAt: number | null = null;
  new Gauge({
    name: 'hep_reminder_tick_lag_seconds',
    help:
      "How late this node's reminder tick is: how long after it was due the latest tick began, or how long the " +
      'next one is already overdue, whichever is more.',
    registers,
    collect() {
      const overdue = nextDueAt === null ? 0 : performance.now() - nextDueAt;
      this.set(Math.max(lastLagMs, overdue, 0) / 1000);
    },
  });
  const reminderTick: TickObserver = {
    started: (lateMs) => void (lastLagMs = lateMs),
    finished: (ms) => tickDuration.observe(ms / 1000),
    due: (at) => void (nextDueAt = at),
  };

  new Gauge({
    name: 'hep_live_event_streams',
    help: 'Live event streams (GET /api/events/) open on this node.',
    registers,
    collect() {
      this.set(sources.liveStreams());
    },
  });

  let processMetrics = false;
  return {
    registry,
    requestDurations,
    reminderTick,
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}
