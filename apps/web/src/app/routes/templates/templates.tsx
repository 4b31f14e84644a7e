import { Trans, useLingui } from '@lingui/react/macro';
import { PageTitle } from '../../../components/ui/page-title';
import { TemplateList } from '../../../features/templates/components/template-list';

/** /templates (therapists and staff): the clinic's program templates, to edit or delete. */
export function TemplatesPage() {
  const { t } = useLingui();
  return (
    <section className="templates-page">
      <PageTitle title={t`Templates`} className="h2 mb-2" />
      <p className="mb-4 text-body-secondary">
        <Trans>
          A template is a program you can use again. Save one from a program&apos;s menu. Use it when you
          create a program.
        </Trans>
      </p>
      <TemplateList />
    </section>
  );
}
