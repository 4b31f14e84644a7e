import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';

/** Shown in place of the page after the inactivity logout; the login page clears it. */
export function SessionExpiredCard() {
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <CenteredCard className="text-center">
      <div role="alert">
        <PageTitle title={t`Session Expired`} className="h3 mb-3" />
        <p>
          <Trans>Your session has expired due to inactivity. Please log in again to continue.</Trans>
        </p>
      </div>
      <button type="button" className="btn btn-primary w-100" onClick={() => void navigate('/login')}>
        <Trans>Return to Login</Trans>
      </button>
    </CenteredCard>
  );
}
