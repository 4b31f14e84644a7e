import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';

/** /logged-out: the notice after an inactivity logout. */
export function LoggedOutPage() {
  const { t } = useLingui();
  return (
    <CenteredCard className="text-center">
      <PageTitle title={t`You've been logged out`} className="h3 mb-3" />
      <p>
        <Trans>Your session has expired due to inactivity. Please log in again to continue.</Trans>
      </p>
      <Link className="btn btn-primary w-100" to="/">
        <Trans>Return to Login</Trans>
      </Link>
    </CenteredCard>
  );
}
