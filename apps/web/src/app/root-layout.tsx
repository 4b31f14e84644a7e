import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { roleOf } from '@hep/shared/domain/roles';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { UnsavedChangesGuard } from '../components/ui/unsaved-changes-guard';
import { OfflineStatus } from '../features/offline/components/offline-status';
import { acknowledgeSessionEnd, useSession } from '../lib/session';
import { AppHeader } from './shell/app-header';
import { BottomBar, SessionExpiredCard, SessionTimeout } from './shell/signed-in-shell';

const LOGIN_PATHS = new Set(['/', '/login']);

// Only carers see it: its code stays out of everyone else's first bundle.
const HelpingBanner = lazy(() =>
  import('../features/carers/components/helping-banner').then((m) => ({ default: m.HelpingBanner })),
);

/** The shell around every page: header, main region, bottom bar, session timeout, unsaved-changes guard. */
export function RootLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigating = useNavigation().state === 'loading';
  const onLoginPage = LOGIN_PATHS.has(pathname);

  // Arriving at the login page closes the "session ended" state (expired card, sign-out redirect).
  useEffect(() => {
    if (onLoginPage) acknowledgeSessionEnd();
  }, [onLoginPage]);

  let content = <Outlet />;
  if (session.ended === 'expired' && !onLoginPage) content = <SessionExpiredCard />;
  // Rendering the redirect instead of the page unmounts any dirty form first, so the guard does not ask.
  else if (session.ended === 'signed-out' && !onLoginPage) content = <Navigate to="/" replace />;

  const showBottomBar = session.user !== null && pathname !== '/terms';
  const role = session.user ? roleOf(session.user) : null;
  // On <html>, for the CSS: client pages scale the text to 18 px, and the scroll padding keeps focus clear of the
  // bottom bar. Set before paint, so that nothing moves once drawn.
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (role) root.dataset.role = role;
    else delete root.dataset.role;
    root.toggleAttribute('data-bottom-bar', showBottomBar);
  }, [role, showBottomBar]);
  return (
    <UnsavedChangesGuard active={session.user !== null}>
      <a className="skip-link visually-hidden-focusable" href="#main">
        <Trans>Skip to main content</Trans>
      </a>
      <AppHeader user={session.user} />
      {role === 'carer' && showBottomBar ? (
        <Suspense fallback={null}>
          <HelpingBanner />
        </Suspense>
      ) : null}
      <OfflineStatus />
      {navigating ? <div className="route-progress" aria-hidden="true" /> : null}
      <main
        id="main"
        tabIndex={-1}
        aria-busy={navigating || undefined}
        className={`app-main container${showBottomBar ? ' with-bottom-bar' : ''}`}
      >
        {content}
      </main>
      {showBottomBar && session.user ? <BottomBar user={session.user} /> : null}
      {session.user && session.status === 'ready' ? <SessionTimeout /> : null}
      <ScrollRestoration />
    </UnsavedChangesGuard>
  );
}
