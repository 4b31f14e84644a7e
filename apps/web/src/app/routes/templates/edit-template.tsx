import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { useTemplate } from '../../../features/templates/api/get-template';
import { TemplateForm } from '../../../features/templates/components/template-form';

/** /templates/:templateId: edit one template. */
export function EditTemplatePage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const { t } = useLingui();
  return (
    <section className="page-narrow">
      <PageTitle title={t`Edit Template`} />
      {template.isPending ? <LoadingText text={t`Loading template...`} /> : null}
      {template.isError ? (
        <>
          <Alert variant="danger">
            <Trans>This template could not be loaded.</Trans>
          </Alert>
          <Link to="/templates" className="back-link">
            <Trans>Back to Templates</Trans>
          </Link>
        </>
      ) : null}
      {template.data ? <TemplateForm key={template.data.id} template={template.data} /> : null}
    </section>
  );
}
