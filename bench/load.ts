import autocannon from 'autocannon';
import { LOAD } from './config';

/** One run's load: where to send it, over how many connections, and the request(s) each connection repeats. */
export interface LoadSpec {
  url: string;
  connections: number;
  requests: autocannon.Request[];
}

export interface Measured {
  /** Mean responses a second over the timed seconds. */
  rps: number;
  p50: number;
  p99: number;
  /** Responses other than 2xx, warm-up included; a run with any is reported and fails the bench. */
  non2xx: number;
  statuses: Record<string, number>;
}

function statusesOf(result: autocannon.Result): Record<string, number> {
  return Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
}

async function fire(spec: LoadSpec, seconds: number): Promise<autocannon.Result> {
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    requests: spec.requests,
  });
  // A refused or reset connection means a server went away: nothing after it would be worth reading.
  if (result.errors > 0) {
    throw new Error(`${result.errors} connection errors (${result.timeouts} timeouts) against ${spec.url}`);
  }
  return result;
}

/** A warm-up, then the timed run, on loopback. */
export async function measure(spec: LoadSpec): Promise<Measured> {
  const warmup = await fire(spec, LOAD.warmupSeconds);
  const result = await fire(spec, LOAD.seconds);
  const statuses = statusesOf(result);
  for (const [code, count] of Object.entries(statusesOf(warmup)))
    statuses[code] = (statuses[code] ?? 0) + count;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: warmup.non2xx + result.non2xx,
    statuses,
  };
}

let nextAddress = 0;
/** A fresh client address for X-Forwarded-For (the API trusts it here), so no per-address limit is reached. */
export function freshAddress(): string {
  nextAddress += 1;
  const n = nextAddress;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface Compared {
  api: Measured;
  /** The two baseline runs, before and after the API's. */
  bare: [Measured, Measured];
  /** The mean of the two baseline runs' req/s. */
  bareRps: number;
  ratio: number;
}

/**
 * Bare, API, bare: the API's run between two baseline runs, so that drift on the machine weighs on both sides alike.
 * Prints each run as it ends (`digits` decimals of req/s) and fails when any answer was not 2xx.
 */
export async function compareToBare(bare: LoadSpec, api: LoadSpec, digits = 0): Promise<Compared> {
  const runs: Measured[] = [];
  for (const [name, spec] of [
    ['bare', bare],
    ['API', api],
    ['bare', bare],
  ] as const) {
    const run = await measure(spec);
    runs.push(run);
    console.log(`${name}: ${run.rps.toFixed(digits)} req/s (p50 ${run.p50} ms, p99 ${run.p99} ms)`);
  }
  const non2xx = runs.reduce((sum, run) => sum + run.non2xx, 0);
  if (non2xx > 0)
    throw new Error(`${non2xx} responses were not 2xx: ${JSON.stringify(runs.map((run) => run.statuses))}`);
  const [before, apiRun, after] = runs as [Measured, Measured, Measured];
  const bareRps = (before.rps + after.rps) / 2;
  return { api: apiRun, bare: [before, after], bareRps, ratio: apiRun.rps / bareRps };
}
