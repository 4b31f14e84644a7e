import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadOutbox } from '../../../lib/offline/outbox-loader';

export const waitingMeasuresKey = ['measures', 'waiting'] as const;

/**
 * The assignments whose answers wait in this phone's outbox (docs/product/outcome-measures.md#answering): Today does
 * not offer them again, so that a client never answers twice what has not reached the server yet.
 */
export function useWaitingMeasures(userId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...waitingMeasuresKey, userId],
      queryFn: async () => {
        if (userId === null) return [];
        const entries = await (await loadOutbox()).listWaiting(userId);
        return entries.filter((entry) => entry.kind === 'measure').map((entry) => entry.exercise);
      },
      // No IndexedDB (a private window): nothing waits.
      retry: false,
      // It reads this phone, not the network: offline is when it matters most.
      networkMode: 'always',
    }),
  );
}
