import { useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadedPage } from '../../../components/ui/loaded-page';
import { useUser } from '../../../features/users/api/get-user';
import { EditProfileForm } from '../../../features/users/components/edit-profile-form';
import { signOutWithNotice } from '../auth/login-notice';

/** /user/:userId/edit. */
export function EditProfilePage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  return (
    <LoadedPage
      title="Edit Profile"
      query={user}
      failedText={MESSAGES.userLoadFailed}
      card
      back={{ to: `/user/${userId}`, label: 'Back to My Details' }}
    >
      {(data) => (
        <EditProfileForm
          key={data.id}
          user={data}
          onOwnEmailChanged={() => signOutWithNotice('email-changed')}
        />
      )}
    </LoadedPage>
  );
}
