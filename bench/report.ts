import os from 'node:os';
import { LOAD } from './config';
import type { BundleReport } from './bundle';
import type { Baseline, BaselineSummary, EndpointSummary } from './schedule';

const baselineLabel = (b: Baseline) => `${b.name} x${b.connections}`;
const fixed = (n: number, digits: number) => n.toFixed(digits);
/** Small figures keep two significant digits instead of rounding to 0. */
const figure = (n: number, digits: number) =>
  n > 0 && n < 10 ** -digits * 10 ? n.toPrecision(2) : n.toFixed(digits);
/** autocannon's latencies are whole milliseconds. */
const ms = (n: number) => (n < 1 ? '<1' : n.toFixed(1));
const machine = () =>
  `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} (1 min) at the end of the runs`;
const targetText = (target: number | undefined, ratio: number, atMost = false) =>
  target === undefined
    ? '-'
    : `${atMost ? '<=' : '>='} ${target} ${(atMost ? ratio <= target : ratio >= target) ? 'met' : 'NOT MET'}`;

function printTable(header: string[], rows: string[][], rightAligned: number[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned.includes(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

export function printLoadTable(endpoints: EndpointSummary[], baselines: BaselineSummary[]): void {
  console.log(
    `\nAPI vs bare baselines: ${LOAD.rounds} round(s) of ${LOAD.seconds} s per run (${LOAD.warmupSeconds} s warm-up), ` +
      `after ${LOAD.warmupRounds} warm-up round(s) not counted, ` +
      'req/s mean of the rounds, ratio to the adjacent baseline runs, p50 mean, p99 worst round',
  );
  console.log(`Machine: ${machine()}; absolute figures move with it, ratios much less.\n`);
  const rows = endpoints.map((e) => [
    e.endpoint.name,
    figure(e.rps, 0),
    figure(e.ratio, 3),
    baselineLabel({ name: e.endpoint.baseline, connections: e.endpoint.connections }),
    targetText(e.endpoint.target, e.ratio),
    e.sameRatio === undefined ? '-' : figure(e.sameRatio, 3),
    e.sameRatio === undefined ? 'n/a' : targetText(e.endpoint.same?.target, e.sameRatio),
    ms(e.p50),
    ms(e.p99),
    String(e.non2xx),
  ]);
  for (const b of baselines) {
    rows.push([
      baselineLabel(b.baseline),
      fixed(b.rps, 0),
      '1',
      '',
      '',
      '',
      '',
      ms(b.p50),
      ms(b.p99),
      String(b.non2xx),
    ]);
  }
  console.log(
    'ratio: to a one-row bare route; same: to a bare route sending the very statements the API sent (our own cost)\n',
  );
  printTable(
    [
      'endpoint',
      'req/s',
      'ratio',
      'baseline',
      'target',
      'same',
      'same target',
      'p50 ms',
      'p99 ms',
      'non-2xx',
    ],
    rows,
    [1, 2, 5, 7, 8, 9],
  );
}

export const BUNDLE_TARGET = 1.3;

export function printBundle(bundle: BundleReport): void {
  if (bundle.kind !== 'measured') {
    console.log(`\nFirst bundle: ${bundle.reason}`);
    return;
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nFirst bundle (gzip) vs a bare React + React Router skeleton: ${kb(bundle.skeletonGzip)}\n`);
  printTable(
    ['page', 'gzip', 'ratio', 'target'],
    bundle.pages.map((p) => [
      p.name,
      kb(p.gzip),
      fixed(p.ratio, 2),
      targetText(BUNDLE_TARGET, p.ratio, true),
    ]),
    [1, 2],
  );
}

/** The whole report as one JSON line, for scripts and for comparing runs. */
export function printJsonLine(
  endpoints: EndpointSummary[],
  baselines: BaselineSummary[],
  bundle: BundleReport,
): void {
  const round = (n: number, digits = 1) => Number(n.toFixed(digits));
  console.log(
    '\n' +
      JSON.stringify({
        load: LOAD,
        machine: { cpus: os.cpus().length, load_average_1m: round(os.loadavg()[0]!, 2) },
        endpoints: endpoints.map((e) => ({
          name: e.endpoint.name,
          rps: round(e.rps),
          ratio: round(e.ratio, 3),
          baseline: baselineLabel({ name: e.endpoint.baseline, connections: e.endpoint.connections }),
          baseline_rps: round(e.baselineRps),
          target: e.endpoint.target ?? null,
          met: e.endpoint.target === undefined ? null : e.ratio >= e.endpoint.target,
          same_ratio: e.sameRatio === undefined ? null : round(e.sameRatio, 3),
          same_target: e.endpoint.same?.target ?? null,
          same_met: e.sameRatio === undefined ? null : e.sameRatio >= e.endpoint.same!.target,
          p50_ms: round(e.p50),
          p99_ms: round(e.p99),
          non_2xx: e.non2xx,
        })),
        baselines: baselines.map((b) => ({
          name: baselineLabel(b.baseline),
          rps: round(b.rps),
          p50_ms: round(b.p50),
          p99_ms: round(b.p99),
          non_2xx: b.non2xx,
        })),
        first_bundle:
          bundle.kind === 'measured'
            ? {
                skeleton_gzip: bundle.skeletonGzip,
                target: BUNDLE_TARGET,
                pages: bundle.pages.map((p) => ({
                  name: p.name,
                  gzip: p.gzip,
                  ratio: round(p.ratio, 3),
                  met: p.ratio <= BUNDLE_TARGET,
                })),
              }
            : { skipped: bundle.reason },
      }),
  );
}
