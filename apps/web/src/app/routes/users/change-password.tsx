import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';
import { useSession } from '../../../lib/session';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { signOutWithNotice } from '../auth/login-notice';

/** /change-password, from My Details: the Set Your Password card with the current password first. */
export function ChangePasswordPage() {
  const session = useSession();
  const { t } = useLingui();
  return (
    <CenteredCard>
      <PageTitle title={t`Change Password`} className="h3 mb-3" />
      <p className="text-body-secondary">
        <Trans>You will be signed out on every device, and sign in again with the new one.</Trans>
      </p>
      <ChangePasswordForm onChanged={() => signOutWithNotice('password-changed')} />
      {session.user ? (
        <p className="mt-3 mb-0">
          <Link to={`/user/${session.user.id}`} className="back-link">
            <Trans>Back to My Details</Trans>
          </Link>
        </p>
      ) : null}
    </CenteredCard>
  );
}
