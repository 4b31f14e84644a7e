import { lazy, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { LoadingText } from '../../../components/ui/loading-text';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { ProgramForm } from '../../../features/programs/components/program-form';
import { ProgramFormFrame } from '../../../features/programs/components/program-form-frame';
import { todayIso } from '../../../lib/calendar-date';
import { emptyProgramValues } from '../../../features/programs/components/program-form-values';
import { programValuesFromTemplate } from '../../../features/programs/components/program-values-from-template';
import { ProgramFormLibraryProvider } from '../library/program-form-library';

// Its own chunk: a therapist who never uses templates does not load it before the form.
const TemplatePicker = lazy(() =>
  import('../../../features/templates/components/template-picker').then((m) => ({
    default: m.TemplatePicker,
  })),
);

/**
 * /program/add/:clientId: the empty form, or one filled from a template in one tap
 * (docs/product/library-and-templates.md#templates).
 */
export function CreateProgramPage() {
  const { clientId = '' } = useParams();
  const client = useClientDetails(clientId);
  const [template, setTemplate] = useState<TTemplate | null>(null);
  const today = todayIso();
  const { t } = useLingui();
  const templateName = template?.name;

  return (
    <ProgramFormLibraryProvider>
      <ProgramFormFrame title={t`Create Program`} client={client.data ?? null}>
        {client.isPending ? <LoadingText /> : null}
        {client.isError ? (
          <Alert variant="danger">
            <Trans>Failed to load client details.</Trans>
          </Alert>
        ) : null}
        {client.data && !template ? (
          <Suspense fallback={<LoadingText text={t`Loading templates...`} />}>
            <TemplatePicker onChoose={setTemplate} />
          </Suspense>
        ) : null}
        {client.data && template ? (
          <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2" role="status">
            <span className="flex-grow-1">
              <Trans>
                Started from <strong>{templateName}</strong>. You can change anything before you save.
              </Trans>
            </span>
            <Button variant="outline-primary" size="sm" onClick={() => setTemplate(null)}>
              <Trans>Start again</Trans>
            </Button>
          </Alert>
        ) : null}
        {client.data ? (
          <ProgramForm
            // A new form for another client or template; the template's values are its starting point.
            key={`${client.data.id}-${template?.id ?? 'blank'}`}
            mode="create"
            clientId={client.data.id}
            defaultValues={template ? programValuesFromTemplate(template, today) : emptyProgramValues(today)}
          />
        ) : null}
      </ProgramFormFrame>
    </ProgramFormLibraryProvider>
  );
}
