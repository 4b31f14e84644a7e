import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canAccess, homePathFor, type TAccessLevel } from '@hep/shared/domain/roles';
import { LoadingText } from '../components/ui/loading-text';
import { sendLog } from '../lib/logger';
import { useSession } from '../lib/session';

function DeniedRedirect({ to, path, url }: { to: string; path: string; url: string }) {
  useEffect(() => {
    sendLog({ level: 'warn', message: `Access denied to ${path}`, url });
  }, [path, url]);
  return <Navigate to={to} replace />;
}

/**
 * A layout route that admits only users of `level` (docs/product/security-and-privacy.md#route-access); everything
 * under it needs a session.
 */
export function AccessGuard({ level }: { level: TAccessLevel }) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <LoadingText />;
  if (!session.user) return <Navigate to="/" replace />;
  if (session.agreed === false && location.pathname !== '/terms') return <Navigate to="/terms" replace />;
  if (!canAccess(level, session.user)) {
    const url = `${window.location.origin}${location.pathname}${location.search}`;
    return <DeniedRedirect to={homePathFor(session.user)} path={location.pathname} url={url} />;
  }
  return <Outlet />;
}
