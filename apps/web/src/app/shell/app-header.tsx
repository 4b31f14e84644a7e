import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Logo } from '../../components/ui/logo';
import type { SessionUser } from '../../lib/session';
import { StaffTools } from './signed-in-shell';

export function AppHeader({ user }: { user: SessionUser | null }) {
  const { t } = useLingui();
  const firstName = user?.firstName;
  return (
    <header className="app-header">
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
        <Link to="/" className="brand-link" aria-label={t`Home Exercise Program home`}>
          <Logo size={40} />
          <span className="d-none d-sm-inline" aria-hidden="true">
            <Trans>Home Exercise Program</Trans>
          </span>
        </Link>
        {user ? (
          <span className="ms-auto fw-semibold me-2">
            {firstName ? <Trans>Hello, {firstName}</Trans> : <Trans>Hello, there</Trans>}
          </span>
        ) : null}
        {user?.is_staff ? <StaffTools /> : null}
      </div>
    </header>
  );
}
