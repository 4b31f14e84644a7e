import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { LoadingText } from '../../../components/ui/loading-text';
import { useTemplates } from '../api/get-templates';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { TemplateCard } from './template-card';
import './templates.css';

/** The clinic's templates as cards, with the one delete dialog. */
export function TemplateList() {
  const templates = useTemplates();
  const { t } = useLingui();
  const [deletion, setDeletion] = useState<{ template: TTemplate | null; open: boolean }>({
    template: null,
    open: false,
  });

  if (templates.isPending) return <LoadingText text={t`Loading templates...`} />;
  if (templates.isError)
    return (
      <Alert variant="danger">
        <Trans>Templates could not be loaded. Please try again.</Trans>
      </Alert>
    );
  if (templates.data.length === 0) {
    return (
      <p className="text-body-secondary">
        <Trans>No templates yet. To make one, open a program&apos;s menu and choose Save as template.</Trans>
      </p>
    );
  }
  return (
    <>
      <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-3 mb-0">
        {templates.data.map((template) => (
          <li key={template.id} className="col">
            <TemplateCard
              template={template}
              onDelete={(chosen) => setDeletion({ template: chosen, open: true })}
            />
          </li>
        ))}
      </ul>
      <DeleteTemplateDialog
        template={deletion.template}
        show={deletion.open}
        onHide={() => setDeletion((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
