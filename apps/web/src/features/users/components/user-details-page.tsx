import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { Envelope, FileText, PencilSquare } from 'react-bootstrap-icons';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { CONTACT_SUPPORT_MAILTO } from '../../../lib/support';
import { useUser } from '../api/get-user';
import { NotificationPreferencesForm } from './notification-preferences-form';
import { SignOutButton } from './sign-out-button';
import { UserDetailsList } from './user-details-list';

/** /user/:userId, "My Details". */
export function UserDetailsPage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);

  return (
    <section className="page-narrow">
      <PageTitle title="My Details" />
      {user.isPending ? <LoadingText /> : null}
      {user.isError ? <Alert variant="danger">{MESSAGES.userLoadFailed}</Alert> : null}
      {user.data ? (
        <div className="d-grid gap-4">
          <div className="card">
            <div className="card-body">
              <UserDetailsList user={user.data} />
              <Link className="btn btn-primary mt-3" to={`/user/${userId}/edit`}>
                <PencilSquare aria-hidden="true" />
                Change Details
              </Link>
            </div>
          </div>
          {!user.data.is_therapist || user.data.is_staff ? (
            <div className="card">
              <div className="card-body">
                <NotificationPreferencesForm key={user.data.id} user={user.data} />
              </div>
            </div>
          ) : null}
          <div className="d-grid gap-2 d-sm-flex">
            <Link className="btn btn-outline-primary flex-fill" to="/terms">
              <FileText aria-hidden="true" />
              Terms & Conditions
            </Link>
            <a className="btn btn-outline-primary flex-fill" href={CONTACT_SUPPORT_MAILTO}>
              <Envelope aria-hidden="true" />
              Contact Support
            </a>
          </div>
          <SignOutButton />
        </div>
      ) : null}
    </section>
  );
}
