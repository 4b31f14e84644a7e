/**
 * Work that must end before the process does: an upload removing its partial file after its connection was cut, a
 * reset link written just after the answer went out. run-server.ts waits for it at shutdown (before the database
 * closes); tests wait for it before reading what it wrote.
 */
const unfinished = new Set<Promise<void>>();

/** Tracks `work` until it settles; returns it unchanged. */
export function finishBeforeExit<T>(work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  unfinished.add(settled);
  void settled.then(() => unfinished.delete(settled));
  return work;
}

/** Resolves once all tracked work has settled, including work started meanwhile. */
export async function unfinishedWorkDone(): Promise<void> {
  while (unfinished.size > 0) await Promise.all([...unfinished]);
}
