import { lazy, Suspense } from 'react';
import { useInactivityTimer } from '../hooks/use-inactivity-timer';

// The dialog (and react-bootstrap's Modal) loads just after the first paint; the warning comes minutes later.
const SessionTimeoutDialog = lazy(() =>
  import('./session-timeout-dialog').then((m) => ({ default: m.SessionTimeoutDialog })),
);

/** Mounted while signed in: warns before the inactivity logout and performs it. */
export function SessionTimeout() {
  const { phase, stayActive, logout } = useInactivityTimer();
  return (
    <Suspense fallback={null}>
      <SessionTimeoutDialog show={phase === 'warning'} onStayActive={stayActive} onLogout={logout} />
    </Suspense>
  );
}
