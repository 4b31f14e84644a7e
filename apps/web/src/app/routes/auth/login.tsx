import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CenteredCard } from '../../../components/ui/centered-card';
import { LoadingText } from '../../../components/ui/loading-text';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { Logo } from '../../../components/ui/logo';
import { landingPath } from '../../../lib/landing-path';
import { useSession } from '../../../lib/session';
import { LoginForm } from '../../../features/auth/components/login-form';
import { PasskeySignIn } from '../../../features/passkeys/components/passkey-sign-in';
import { LanguageSwitch } from './language-switch';
import { preloadSignedInShell } from '../../shell/signed-in-shell';
import { useLoginNotice } from './login-notice';

/**
 * The signed-in shell (the bottom bar) loads from the first focus on the page (a field, the passkey button, the
 * language switch), so that it is in by the time anyone signs in; a visit that only looks never loads it.
 */
function usePreloadOnFocus(): void {
  useEffect(() => {
    const preload = () => void preloadSignedInShell({ staff: true }).catch(() => undefined);
    document.addEventListener('focusin', preload, { once: true });
    return () => document.removeEventListener('focusin', preload);
  }, []);
}

/** / and /login. A signed-in user goes straight to their home (or the terms). */
export function LoginPage() {
  const session = useSession();
  // Why the session ended, when the server ended every session of the user (an email or password change).
  const notice = useLoginNotice();
  const { t } = useLingui();
  usePreloadOnFocus();
  if (session.status === 'loading') return <LoadingText />;
  if (session.user) return <Navigate to={landingPath(session)} replace />;

  return (
    <CenteredCard>
      <title>{t`Log In | Home Exercise Program`}</title>
      <LanguageSwitch />
      <div className="text-center mb-4">
        <Logo size={72} className="mb-3" />
        <h1 className="h3 mb-1">
          <Trans>Home Exercise Program</Trans>
        </h1>
        <p className="text-body-secondary mb-0">
          <Trans>Log in to see your exercise programs.</Trans>
        </p>
      </div>
      {notice ? (
        <PlainAlert variant="info" role="status">
          {t(notice)}
        </PlainAlert>
      ) : null}
      <LoginForm alternative={<PasskeySignIn />} />
    </CenteredCard>
  );
}
