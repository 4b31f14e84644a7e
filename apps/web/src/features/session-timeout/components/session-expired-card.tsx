import { useNavigate } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';

/** Shown in place of the page after the inactivity logout; the login page clears it. */
export function SessionExpiredCard() {
  const navigate = useNavigate();
  return (
    <CenteredCard className="text-center">
      <div role="alert">
        <PageTitle title={MESSAGES.sessionExpiredTitle} className="h3 mb-3" />
        <p>{MESSAGES.sessionExpiredBody}</p>
      </div>
      <button type="button" className="btn btn-primary w-100" onClick={() => void navigate('/login')}>
        Return to Login
      </button>
    </CenteredCard>
  );
}
