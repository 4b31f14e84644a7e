import { describe, expect, it } from 'vitest';
import { createMetrics } from './prometheus';

// The registry on its own, with sources a test controls: what a scrape says when a source cannot answer.

describe('createMetrics', () => {
  it('still answers while the database cannot be read: the outbox unknown (NaN), the rest as it is', async () => {
    const metrics = createMetrics({
      connections: () => ({ open: 3, idle: 1, waiting: 4, max: 10 }),
      outboxBacklog: () => Promise.reject(new Error('connect ECONNREFUSED')),
      liveStreams: () => 2,
      now: () => new Date(),
    });
    const text = await metrics.registry.metrics();
    // prom-client writes `Nan`, which Prometheus reads as NaN (in any case).
    expect(text).toMatch(/^hep_mail_outbox_backlog nan$/im);
    expect(text).toMatch(/^hep_mail_outbox_oldest_age_seconds nan$/im);
    expect(text).toMatch(/^hep_db_pool_waiting_queries 4$/m);
    expect(text).toMatch(/^hep_live_event_streams 2$/m);
  });

  it('reads the outbox once per scrape for its two gauges, and leaves out the pool a handle cannot describe', async () => {
    let reads = 0;
    const metrics = createMetrics({
      connections: null,
      outboxBacklog: async () => {
        reads += 1;
        return { count: 3, oldestQueuedAt: new Date('2031-01-01T11:59:00Z') };
      },
      liveStreams: () => 0,
      now: () => new Date('2031-01-01T12:00:00Z'),
    });
    const text = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(text).toMatch(/^hep_mail_outbox_backlog 3$/m);
    expect(text).toMatch(/^hep_mail_outbox_oldest_age_seconds 60$/m);
    expect(text).not.toContain('hep_db_pool');
    await metrics.registry.metrics();
    expect(reads).toBe(2);
  });

  it('writes each request duration series as a cumulative histogram', async () => {
    const metrics = createMetrics({
      connections: null,
      outboxBacklog: async () => ({ count: 0, oldestQueuedAt: null }),
      liveStreams: () => 0,
      now: () => new Date(),
    });
    const durations = metrics.requestDurations;
    const route = durations.route('/api/clients/:id/');
    durations.observe(route, 'GET', 200, 0.004);
    durations.observe(route, 'GET', 200, 0.2);
    durations.observe(route, 'GET', 200, 45);
    durations.observe(route, 'PUT', 400, 0.001);
    const text = await metrics.registry.metrics();
    const series = '{method="GET",route="/api/clients/:id/",status="200"';
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="0.0025"} 0`);
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="0.005"} 1`);
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="0.25"} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="30"} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="+Inf"} 3`);
    expect(text).toContain(`http_request_duration_seconds_sum${series}} 45.204`);
    expect(text).toContain(`http_request_duration_seconds_count${series}} 3`);
    expect(text).toContain(
      'http_request_duration_seconds_count{method="PUT",route="/api/clients/:id/",status="400"} 1',
    );
  });
});
