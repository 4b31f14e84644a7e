import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../../lib/session';
import { PageTitle } from '../../../components/ui/page-title';
import { TermsAgreementForm } from '../../../features/terms/components/terms-agreement-form';
import { TermsText } from '../../../features/terms/components/terms-text';

/** /terms: the agreements, and the form to accept them until the user has; afterwards a read-only view. */
export function TermsPage() {
  const { user, agreed } = useSession();
  const { t } = useLingui();
  if (!user) return null;
  return (
    <section className="page-narrow">
      <PageTitle title={t`Terms & Agreements`} />
      {agreed !== true ? (
        <p>
          <Trans>
            Please read the agreements below. You can use the app once you have agreed to all three.
          </Trans>
        </p>
      ) : null}
      <section className="terms-scroll" tabIndex={0} aria-label={t`Terms and agreements text`}>
        <TermsText />
      </section>
      {agreed !== true ? (
        <TermsAgreementForm user={user} />
      ) : (
        <p className="mt-4">
          <Trans>
            You have agreed to these terms. <Link to={`/user/${user.id}`}>Back to My Details</Link>
          </Trans>
        </p>
      )}
    </section>
  );
}
