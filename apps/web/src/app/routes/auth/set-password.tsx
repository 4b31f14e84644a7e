import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';
import { errorMessage } from '../../../lib/api-error';
import { useResetLink } from '../../../features/auth/api/validate-reset-link';
import { SetPasswordForm } from '../../../features/auth/components/set-password-form';
import { LanguageSwitch } from './language-switch';

/** /reset-password/:uid/:token, reached by a reset or an activation link. The link is checked on load. */
export function SetPasswordPage() {
  const { uid = '', token = '' } = useParams();
  const link = useResetLink(uid, token);
  const { t } = useLingui();

  let notice = null;
  if (link.isPending) {
    notice = (
      <p role="status" className="text-body-secondary">
        <Trans>Checking your link...</Trans>
      </p>
    );
  } else if (link.isError) {
    notice = (
      <Alert variant="danger">
        {errorMessage(link.error, t`This password link is invalid or has expired. Please request a new one.`)}
      </Alert>
    );
  }

  return (
    <CenteredCard>
      <LanguageSwitch />
      <PageTitle title={t`Set Your Password`} className="h3 mb-3" />
      {link.data && !link.data.validLink ? (
        <>
          <Alert variant="danger" role="alert">
            {link.data.message}
          </Alert>
          <Link to="/reset-password">
            <Trans>Request a new link</Trans>
          </Link>
        </>
      ) : (
        <>
          {notice}
          <SetPasswordForm
            uid={uid}
            token={token}
            linkValid={link.data?.validLink === true}
            purpose={link.data?.purpose}
          />
        </>
      )}
    </CenteredCard>
  );
}
