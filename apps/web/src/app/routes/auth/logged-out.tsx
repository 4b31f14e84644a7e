import { Link } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';

/** /logged-out: the notice after an inactivity logout. */
export function LoggedOutPage() {
  return (
    <CenteredCard className="text-center">
      <PageTitle title={MESSAGES.loggedOutTitle} className="h3 mb-3" />
      <p>{MESSAGES.sessionExpiredBody}</p>
      <Link className="btn btn-primary w-100" to="/">
        Return to Login
      </Link>
    </CenteredCard>
  );
}
