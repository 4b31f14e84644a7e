/** What the client did with an exercise in this session or earlier today. */
export interface TSessionResult {
  effort: number;
  /** Pain (docs/product/feedback-and-progress.md#pain): 0-10, or null when the client gave no answer. */
  pain: number | null;
  /** Kept on this phone (offline) until the connection returns. */
  queued: boolean;
}

/** A report the server already has for the day: its effort and pain. */
export type TSessionReport = Pick<TSessionResult, 'effort' | 'pain'>;

/** Where the session is: an exercise (its index in the program) or the end of the day's list. */
export type TSessionStep = { kind: 'exercise'; index: number } | { kind: 'finished' };

/**
 * The exercise after `from` that is neither done nor skipped, looking forward first and then from the start
 * (a skipped one is not offered again until the client asks); none left is the end.
 * `from` = -1 gives the first one, which is where Start begins.
 */
export function nextStep(
  exerciseIds: readonly number[],
  done: ReadonlySet<number>,
  skipped: ReadonlySet<number>,
  from: number,
): TSessionStep {
  const open = (index: number) => {
    const id = exerciseIds[index]!;
    return !done.has(id) && !skipped.has(id);
  };
  for (let index = from + 1; index < exerciseIds.length; index += 1)
    if (open(index)) return { kind: 'exercise', index };
  for (let index = 0; index < Math.min(from + 1, exerciseIds.length); index += 1)
    if (index !== from && open(index)) return { kind: 'exercise', index };
  return { kind: 'finished' };
}

/** The day's results: what was sent earlier (the server's entries) with what this session added on top. */
export function mergeResults(
  saved: ReadonlyMap<number, TSessionReport>,
  local: ReadonlyMap<number, TSessionResult>,
): Map<number, TSessionResult> {
  const merged = new Map<number, TSessionResult>();
  for (const [id, report] of saved) merged.set(id, { ...report, queued: false });
  for (const [id, result] of local) merged.set(id, result);
  return merged;
}
