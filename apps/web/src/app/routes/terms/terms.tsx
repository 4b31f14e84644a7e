import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { PageTitle } from '../../../components/ui/page-title';
import { TermsAgreementForm } from '../../../features/terms/components/terms-agreement-form';
import { TermsText } from '../../../features/terms/components/terms-text';

/** /terms: the agreements, and the form to accept them until the user has; afterwards a read-only view. */
export function TermsPage() {
  const { user, agreed } = useSession();
  if (!user) return null;
  return (
    <section className="page-narrow">
      <PageTitle title="Terms & Agreements" />
      {agreed !== true ? (
        <p>Please read the agreements below. You can use the app once you have agreed to all three.</p>
      ) : null}
      <section className="terms-scroll" tabIndex={0} aria-label="Terms and agreements text">
        <TermsText />
      </section>
      {agreed !== true ? (
        <TermsAgreementForm user={user} />
      ) : (
        <p className="mt-4">
          You have agreed to these terms. <Link to={`/user/${user.id}`}>Back to My Details</Link>
        </p>
      )}
    </section>
  );
}
