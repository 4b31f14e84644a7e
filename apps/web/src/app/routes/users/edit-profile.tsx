import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LoadedPage } from '../../../components/ui/loaded-page';
import { useUser } from '../../../features/users/api/get-user';
import { EditProfileForm } from '../../../features/users/components/edit-profile-form';
import { signOutWithNotice } from '../auth/login-notice';

/** /user/:userId/edit. */
export function EditProfilePage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const { t } = useLingui();
  return (
    <LoadedPage
      title={t`Edit Profile`}
      query={user}
      failedText={t`Failed to load user details.`}
      card
      back={{ to: `/user/${userId}`, label: t`Back to My Details` }}
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
