import { Link, useParams } from 'react-router';
import { Envelope, FileText, Key, PencilSquare } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadedPage } from '../../../components/ui/loaded-page';
import { useSession } from '../../../lib/session';
import { contactSupportMailto } from '../../../lib/support';
import { useUser } from '../../../features/users/api/get-user';
import { WhoCanHelpMe } from '../../../features/carers/components/who-can-help-me';
import { DownloadMyData } from '../../../features/exports/components/download-my-data';
import { PasskeysSection } from '../../../features/passkeys/components/passkeys-section';
import { NotificationPreferencesForm } from '../../../features/reminders/components/notification-preferences-form';
import { SignOutButton } from '../../../features/users/components/sign-out-button';
import { SignOutEverywhereButton } from '../../../features/users/components/sign-out-everywhere-button';
import { UserDetailsList } from '../../../features/users/components/user-details-list';
import { signOutWithNotice } from '../auth/login-notice';

/** /user/:userId, "My Details". */
export function UserDetailsPage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const session = useSession();
  const { t } = useLingui();

  return (
    <LoadedPage title={t`My Details`} query={user} failedText={t`Failed to load user details.`}>
      {(data) => {
        // Password and sessions are one's own: not offered on someone else's details (staff).
        const own = session.user?.id === data.id;
        return (
          <div className="d-grid gap-4">
            <div className="card">
              <div className="card-body">
                <UserDetailsList user={data} />
                <div className="d-grid gap-2 d-sm-flex mt-3">
                  <Link className="btn btn-primary" to={`/user/${userId}/edit`}>
                    <PencilSquare aria-hidden="true" />
                    <Trans>Change Details</Trans>
                  </Link>
                  {own ? (
                    <Link className="btn btn-outline-primary" to="/change-password">
                      <Key aria-hidden="true" />
                      <Trans>Change Password</Trans>
                    </Link>
                  ) : null}
                </div>
              </div>
            </div>
            {!data.is_therapist || data.is_staff ? (
              <div className="card">
                <div className="card-body">
                  <NotificationPreferencesForm key={data.id} user={data} />
                </div>
              </div>
            ) : null}
            {own && data.client_profile ? <WhoCanHelpMe clientId={data.id} /> : null}
            {own ? <PasskeysSection /> : null}
            {own ? <DownloadMyData /> : null}
            <div className="d-grid gap-2 d-sm-flex">
              <Link className="btn btn-outline-primary flex-fill" to="/terms">
                <FileText aria-hidden="true" />
                <Trans>Terms & Conditions</Trans>
              </Link>
              <a className="btn btn-outline-primary flex-fill" href={contactSupportMailto()}>
                <Envelope aria-hidden="true" />
                <Trans>Contact Support</Trans>
              </a>
            </div>
            <SignOutButton />
            {own ? (
              <SignOutEverywhereButton onSignedOut={() => signOutWithNotice('signed-out-everywhere')} />
            ) : null}
          </div>
        );
      }}
    </LoadedPage>
  );
}
