import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session';

// docs/product/operations.md#performance-targets: the status line, its hooks and its words are not in the first
// bundle; only these empty regions are.
const OfflineStatusLines = lazy(() => import('./offline-status-lines'));

/** The status line's two live regions, empty: what shows until the line's code has loaded. */
function EmptyRegions() {
  return (
    <div className="container">
      <div role="status" />
      <div aria-live="assertive" />
    </div>
  );
}

/**
 * Feedback kept on this phone (docs/product/session.md#offline-feedback), in every signed-in page: its live regions
 * are there, empty, from the first paint, so that screen readers hear changes; the line itself
 * (offline-status-lines.tsx) loads after it.
 */
export function OfflineStatus() {
  const session = useSession();
  const userId = session.status === 'ready' ? (session.user?.id ?? null) : null;
  if (userId === null) return null;
  return (
    <Suspense fallback={<EmptyRegions />}>
      <OfflineStatusLines userId={userId} />
    </Suspense>
  );
}
