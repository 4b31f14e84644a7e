import { Trans, useLingui } from '@lingui/react/macro';
import { PageTitle } from '../../../components/ui/page-title';
import { LibraryBrowser } from '../../../features/library/components/library-browser';

/**
 * /library: the exercise library of therapists and staff (docs/product/library-and-templates.md#exercise-library).
 */
export function LibraryPage() {
  const { t } = useLingui();
  return (
    <section className="page-narrow">
      <PageTitle title={t`Exercise Library`} className="h2 mb-1" />
      <p className="text-body-secondary mb-3">
        <Trans>
          Ready-made exercises to add to programs. Starter exercises come with the app; add your own for your
          clinic.
        </Trans>
      </p>
      <LibraryBrowser />
    </section>
  );
}
