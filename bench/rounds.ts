import { LOAD } from './config';
import { baselineLoad, type BaselineName, type Endpoint } from './endpoints';
import { measure } from './load';
import { roundSlots, type Run } from './schedule';

interface RoundsInput {
  endpoints: Endpoint[];
  bareUrl: string;
  /** The users row the bare select reads. */
  userId: number;
  /** Before each round: fresh logins (access tokens last 15 minutes). */
  beforeRound: () => Promise<void>;
  /** Before each run: until the database is idle. */
  settle: () => Promise<void>;
}

/**
 * Every measured round's runs in the order they ran; the rounds alternate the endpoints' order (round 1 as listed,
 * round 2 reversed), to even out drift.
 * The warm-up rounds come first and are not counted: a server keeps getting faster for tens of seconds after every
 * route has been called (its compiler reworks the code that all routes share as each one's values reach it), and
 * the API, with far more code than the bare server, more so. Measured from the first round, the rows early in it
 * timed the API still settling: the month's statuses rose from 0.77 of its bare route in round 1 to 0.89 in round 2
 * of the same run.
 */
export async function runRounds(input: RoundsInput): Promise<Run[][]> {
  const rounds: Run[][] = [];
  const total = LOAD.warmupRounds + LOAD.rounds;
  for (let n = 0; n < total; n++) {
    const warmup = n < LOAD.warmupRounds;
    const round = n - LOAD.warmupRounds;
    const label = warmup ? `warm-up ${n + 1}/${LOAD.warmupRounds}` : `round ${round + 1}/${LOAD.rounds}`;
    await input.beforeRound();
    // The warm-up rounds alternate too, so that the one before round 1 runs in reverse.
    const reverse = (n + LOAD.warmupRounds) % 2 === 1;
    const order = reverse ? [...input.endpoints].reverse() : input.endpoints;
    const runs: Run[] = [];
    for (const slot of roundSlots(order)) {
      await input.settle();
      const spec =
        slot.kind === 'endpoint'
          ? await slot.endpoint.load()
          : (slot.baseline.load?.() ??
            baselineLoad(
              input.bareUrl,
              slot.baseline.name as BaselineName,
              slot.baseline.connections,
              input.userId,
            ));
      const measured = await measure(spec);
      runs.push({ slot, measured });
      const name =
        slot.kind === 'endpoint' ? slot.endpoint.name : `${slot.baseline.name} x${slot.baseline.connections}`;
      console.log(`${label}  ${name}: ${measured.rps.toFixed(0)} req/s`);
    }
    // A warm-up round's runs are not counted, but a refusal in them still fails the bench.
    if (!warmup) rounds.push(runs);
    else if (runs.some((run) => run.measured.non2xx > 0))
      throw new Error(
        `non-2xx answers in the warm-up round: ${JSON.stringify(runs.map((r) => r.measured.statuses))}`,
      );
  }
  return rounds;
}
