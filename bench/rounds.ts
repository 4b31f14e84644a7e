import { LOAD } from './config';
import { baselineLoad, type BaselineName, type Endpoint } from './endpoints';
import { measure, warmUp } from './load';
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

/** Every round's runs in the order they ran; odd rounds take the endpoints in reverse, to even out drift. */
export async function runRounds(input: RoundsInput): Promise<Run[][]> {
  // Both servers warmed on every read first (writes use up fresh bodies): the rows measured first in round 1 would
  // otherwise also time the API's start-up compilation, which the bare server, with far less code, hardly has.
  await input.beforeRound();
  for (const endpoint of LOAD.startWarmupSeconds > 0 ? input.endpoints : []) {
    const api = await endpoint.load();
    const same = endpoint.same?.load();
    if (api.requests.some((request) => (request.method ?? 'GET') !== 'GET')) continue;
    await warmUp(api, LOAD.startWarmupSeconds);
    if (same) await warmUp(same, LOAD.startWarmupSeconds);
  }
  const rounds: Run[][] = [];
  for (let round = 0; round < LOAD.rounds; round++) {
    await input.beforeRound();
    const order = round % 2 === 0 ? input.endpoints : [...input.endpoints].reverse();
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
      console.log(`round ${round + 1}/${LOAD.rounds}  ${name}: ${measured.rps.toFixed(0)} req/s`);
    }
    rounds.push(runs);
  }
  return rounds;
}
