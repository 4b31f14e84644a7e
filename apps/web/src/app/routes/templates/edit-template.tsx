import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { useTemplate } from '../../../features/templates/api/get-template';
import { TemplateForm } from '../../../features/templates/components/template-form';

/** /templates/:templateId: edit one template. */
export function EditTemplatePage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  return (
    <section className="page-narrow">
      <PageTitle title="Edit Template" />
      {template.isPending ? <LoadingText text="Loading template..." /> : null}
      {template.isError ? (
        <>
          <Alert variant="danger">This template could not be loaded.</Alert>
          <Link to="/templates" className="back-link">
            Back to Templates
          </Link>
        </>
      ) : null}
      {template.data ? <TemplateForm key={template.data.id} template={template.data} /> : null}
    </section>
  );
}
