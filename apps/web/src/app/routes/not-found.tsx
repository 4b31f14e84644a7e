import { Link } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { PageTitle } from '../../components/ui/page-title';

export function NotFoundPage() {
  return (
    <section>
      <PageTitle title={MESSAGES.pageNotFoundTitle} />
      <p className="lead">{MESSAGES.pageNotFoundBody}</p>
      <Link className="btn btn-primary" to="/">
        Go to the home page
      </Link>
    </section>
  );
}
