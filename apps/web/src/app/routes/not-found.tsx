import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageTitle } from '../../components/ui/page-title';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <section>
      <PageTitle title={t`Page not found`} />
      <p className="lead">
        <Trans>We couldn't find that page. It may have moved, or the link may be wrong.</Trans>
      </p>
      <Link className="btn btn-primary" to="/">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
