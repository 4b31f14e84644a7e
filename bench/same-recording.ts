import type pg from 'pg';
import type { RecordedStatement } from './recorded-statements';

// A same-statement recording as it travels from the bench (same-statements.ts) to the bare server (bare-server.ts),
// which imports nothing of the API.

/**
 * Where a recorded value comes from in a replayed request: the values a write must not repeat, and a refresh's
 * chain (bench/same-statements.ts refreshSwaps): `chain`, the token hash the previous replay issued, and `chainId`,
 * the id of the row this replay's lookup found.
 */
export type SwapSource =
  'exercise' | 'date' | 'effort' | 'key' | 'unique' | 'now' | 'cutoff' | 'chain' | 'chainId';

export interface SameRecording {
  statements: RecordedStatement[];
  /** Each value of the recording a replay replaces, and with what. */
  swaps: { value: unknown; from: SwapSource }[];
}

/** Stands for Drizzle's type parsers in a recording sent as JSON (bare-server.ts drizzleTypes). */
export const DRIZZLE_TYPES_MARK = 'drizzle' as unknown as pg.CustomTypesConfig;
