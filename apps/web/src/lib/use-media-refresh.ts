import { useCallback } from 'react';

/** Signed media URLs live an hour; a failing one older than this is most likely expired, so fetch fresh ones. */
const MEDIA_REFRESH_AFTER_MS = 5 * 60_000;

interface RefreshableQuery {
  dataUpdatedAt: number;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * An `onError` for `<img>`/`<video>` showing signed URLs from a query: refetches the query for fresh URLs, but
 * only when its answer is old enough to have expired (a file that is simply broken must not refetch forever).
 */
export function useMediaRefresh({ dataUpdatedAt, isFetching, refetch }: RefreshableQuery): () => void {
  return useCallback(() => {
    if (!isFetching && Date.now() - dataUpdatedAt > MEDIA_REFRESH_AFTER_MS) void refetch();
  }, [dataUpdatedAt, isFetching, refetch]);
}
