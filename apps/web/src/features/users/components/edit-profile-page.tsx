import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { useUser } from '../api/get-user';
import { EditProfileForm } from './edit-profile-form';

/** /user/:userId/edit. */
export function EditProfilePage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  return (
    <section className="page-narrow">
      <PageTitle title="Edit Profile" />
      {user.isPending ? <LoadingText /> : null}
      {user.isError ? <Alert variant="danger">{MESSAGES.userLoadFailed}</Alert> : null}
      {user.data ? (
        <div className="card">
          <div className="card-body">
            <EditProfileForm key={user.data.id} user={user.data} />
          </div>
        </div>
      ) : null}
      <p className="mt-3">
        <Link to={`/user/${userId}`}>Back to My Details</Link>
      </p>
    </section>
  );
}
