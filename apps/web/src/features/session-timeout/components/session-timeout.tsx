import { lazy, Suspense, useState } from 'react';
import { useInactivityTimer } from '../hooks/use-inactivity-timer';

// The dialog (and react-bootstrap's Modal) loads when the warning is due, minutes after the first paint; the service
// worker precaches it for offline use (vite.config.ts; docs/decisions/032-first-paint-and-after.md).
const SessionTimeoutDialog = lazy(() =>
  import('./session-timeout-dialog').then((m) => ({ default: m.SessionTimeoutDialog })),
);

/** Mounted while signed in: warns before the inactivity logout and performs it. */
export function SessionTimeout() {
  const { phase, stayActive, logout } = useInactivityTimer();
  // Once shown, it stays mounted, so that it fades out as it closes.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (phase !== 'active' && !dialogLoaded) setDialogLoaded(true);
  return dialogLoaded ? (
    <Suspense fallback={null}>
      <SessionTimeoutDialog show={phase === 'warning'} onStayActive={stayActive} onLogout={logout} />
    </Suspense>
  ) : null;
}
