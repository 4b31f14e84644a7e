import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';
import { errorMessage } from '../../../lib/api-error';
import { getSession } from '../../../lib/session';
import { useConfirmEmail } from '../../../features/auth/api/confirm-email';
import { userIdOfLink } from '../../../features/auth/utils/link-uid';
import { signOutWithNotice } from './login-notice';

/**
 * /confirm-email/:uid/:token, reached by the link an email change (made by the user's therapist or clinic) sent to
 * the new address. The change happens on the button, not on load, so that a mail scanner opening the link changes
 * nothing. Every session of the user ends with it.
 */
export function ConfirmEmailPage() {
  const { uid = '', token = '' } = useParams();
  const confirm = useConfirmEmail();
  const { t } = useLingui();

  const onConfirm = () =>
    confirm.mutate(
      { uid, token },
      {
        onSuccess: () => {
          // Signed in here as that user: the session has ended, so go to the login page with the notice.
          if (getSession().user?.id === userIdOfLink(uid)) signOutWithNotice('email-changed');
        },
      },
    );

  return (
    <CenteredCard>
      <PageTitle title={t`Confirm Your New Email`} className="h3 mb-3" />
      {confirm.isSuccess ? (
        <>
          <Alert variant="success" role="status">
            {confirm.data.message}
          </Alert>
          <Link className="btn btn-primary w-100" to="/login">
            <Trans>Go to Log In</Trans>
          </Link>
        </>
      ) : (
        <>
          <p>
            <Trans>
              Use this address to sign in from now on. You will be signed out on your other devices.
            </Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary w-100"
            onClick={onConfirm}
            disabled={confirm.isPending}
          >
            {confirm.isPending ? <Trans>Confirming...</Trans> : <Trans>Confirm Email</Trans>}
          </button>
          {confirm.isError ? (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {errorMessage(confirm.error, t`Failed to change the email address. Please try again.`)}
            </Alert>
          ) : null}
        </>
      )}
    </CenteredCard>
  );
}
