import { Link, useParams } from 'react-router';
import { Envelope, FileText, PencilSquare } from 'react-bootstrap-icons';
import { MESSAGES } from '@hep/shared/messages';
import { LoadedPage } from '../../../components/ui/loaded-page';
import { CONTACT_SUPPORT_MAILTO } from '../../../lib/support';
import { useUser } from '../../../features/users/api/get-user';
import { NotificationPreferencesForm } from '../../../features/reminders/components/notification-preferences-form';
import { SignOutButton } from '../../../features/users/components/sign-out-button';
import { UserDetailsList } from '../../../features/users/components/user-details-list';

/** /user/:userId, "My Details". */
export function UserDetailsPage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);

  return (
    <LoadedPage title="My Details" query={user} failedText={MESSAGES.userLoadFailed}>
      {(data) => (
        <div className="d-grid gap-4">
          <div className="card">
            <div className="card-body">
              <UserDetailsList user={data} />
              <Link className="btn btn-primary mt-3" to={`/user/${userId}/edit`}>
                <PencilSquare aria-hidden="true" />
                Change Details
              </Link>
            </div>
          </div>
          {!data.is_therapist || data.is_staff ? (
            <div className="card">
              <div className="card-body">
                <NotificationPreferencesForm key={data.id} user={data} />
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
      )}
    </LoadedPage>
  );
}
