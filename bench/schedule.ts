import type { BaselineName, Endpoint } from './endpoints';
import type { LoadSpec, Measured } from './load';

export type Slot = { kind: 'endpoint'; endpoint: Endpoint } | { kind: 'baseline'; baseline: Baseline };

export interface Baseline {
  name: BaselineName | `same: ${string}`;
  connections: number;
  /** A same-statement baseline's own load (the endpoint's `same`); the others are baselineLoad's. */
  load?: () => LoadSpec;
}

export interface Run {
  slot: Slot;
  measured: Measured;
}

const baselineOf = (endpoint: Endpoint): Baseline => ({
  name: endpoint.baseline,
  connections: endpoint.connections,
});
const sameBaseline = (a: Baseline, b: Baseline) => a.name === b.name && a.connections === b.connections;

/**
 * One round: every endpoint between two runs of its baseline (same route kind, same connections), a baseline
 * shared by neighbours that need the same one: bare, endpoint, bare, endpoint, bare ...
 */
export function roundSlots(endpoints: Endpoint[]): Slot[] {
  const slots: Slot[] = [];
  for (const endpoint of endpoints) {
    const baseline = baselineOf(endpoint);
    const last = slots.at(-1);
    if (!(last?.kind === 'baseline' && sameBaseline(last.baseline, baseline))) {
      slots.push({ kind: 'baseline', baseline });
    }
    // The same-statement baseline, when the endpoint has one, right beside it: bare, same, endpoint, same, bare.
    const same: Slot[] = endpoint.same
      ? [
          {
            kind: 'baseline',
            baseline: {
              name: `same: ${endpoint.name}`,
              connections: endpoint.connections,
              load: endpoint.same.load,
            },
          },
        ]
      : [];
    slots.push(...same, { kind: 'endpoint', endpoint }, ...same, { kind: 'baseline', baseline });
  }
  return slots;
}

export interface EndpointSummary {
  endpoint: Endpoint;
  rps: number;
  /** rps over the mean of the baseline runs right before and after its runs. */
  ratio: number;
  baselineRps: number;
  /** rps over the same-statement baseline's runs right beside its runs, when it has one. */
  sameRatio?: number;
  sameRps?: number;
  /** Mean over the rounds. */
  p50: number;
  /** The worst round's. */
  p99: number;
  non2xx: number;
  statuses: Record<string, number>;
}

export interface BaselineSummary {
  baseline: Baseline;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function summarize(measured: Measured[]) {
  const statuses: Record<string, number> = {};
  for (const m of measured)
    for (const [code, n] of Object.entries(m.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: mean(measured.map((m) => m.rps)),
    p50: mean(measured.map((m) => m.p50)),
    p99: Math.max(...measured.map((m) => m.p99)),
    non2xx: measured.reduce((sum, m) => sum + m.non2xx, 0),
    statuses,
  };
}

/** `rounds` holds each round's runs in the order they ran. */
export function summarizeEndpoints(rounds: Run[][]): EndpointSummary[] {
  const byEndpoint = new Map<Endpoint, { runs: Measured[]; neighbours: Measured[]; same: Measured[] }>();
  const isSame = (run: Run | undefined) =>
    run?.slot.kind === 'baseline' && run.slot.baseline.load !== undefined;
  for (const runs of rounds) {
    runs.forEach((run, i) => {
      if (run.slot.kind !== 'endpoint') return;
      const entry = byEndpoint.get(run.slot.endpoint) ?? { runs: [], neighbours: [], same: [] };
      entry.runs.push(run.measured);
      // The nearest classic baseline on each side (past the same-statement runs), and the same-statement runs.
      for (const step of [-1, 1]) {
        let j = i + step;
        while (isSame(runs[j])) {
          entry.same.push(runs[j]!.measured);
          j += step;
        }
        if (runs[j]?.slot.kind === 'baseline') entry.neighbours.push(runs[j]!.measured);
      }
      byEndpoint.set(run.slot.endpoint, entry);
    });
  }
  return [...byEndpoint].map(([endpoint, { runs, neighbours, same }]) => {
    const own = summarize(runs);
    const baselineRps = mean(neighbours.map((m) => m.rps));
    const sameRps = same.length > 0 ? mean(same.map((m) => m.rps)) : undefined;
    return {
      endpoint,
      ...own,
      baselineRps,
      ratio: own.rps / baselineRps,
      ...(sameRps === undefined ? {} : { sameRps, sameRatio: own.rps / sameRps }),
    };
  });
}

export function summarizeBaselines(rounds: Run[][]): BaselineSummary[] {
  const groups: { baseline: Baseline; runs: Measured[] }[] = [];
  for (const run of rounds.flat()) {
    if (run.slot.kind !== 'baseline') continue;
    const { baseline } = run.slot;
    const group = groups.find((g) => sameBaseline(g.baseline, baseline));
    if (group) group.runs.push(run.measured);
    else groups.push({ baseline, runs: [run.measured] });
  }
  return groups.map(({ baseline, runs }) => ({ baseline, ...summarize(runs) }));
}
