import { useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { todayIso } from '../../../lib/calendar-date';
import { useProgramView } from '../api/get-program-view';
import { ProgramForm } from './program-form';
import { ProgramFormFrame } from './program-form-frame';
import { programToFormValues } from './program-form-values';
import { ProgramLoadState } from './program-load-state';

type TFormClient = { id: number; first_name: string; last_name: string };

interface LoadedProgramFormProps {
  mode: 'edit' | 'replicate';
  /**
   * Copy to another client (docs/product/library-and-templates.md#copy-to-another-client): that client, as the page
   * loads it; the copy is saved for them. Absent: the program's own client.
   */
  forClient?: { isPending: boolean; isError: boolean; data?: TFormClient };
}

/** Edit, Replicate and Copy to another client: the form filled from the saved program in the path. */
export function LoadedProgramForm({ mode, forClient }: LoadedProgramFormProps) {
  const { programId = '' } = useParams();
  const program = useProgramView(programId);
  const { t } = useLingui();
  const data = program.data;
  const client = forClient ? (forClient.data ?? null) : (data?.client ?? null);
  const loading = {
    isPending: !program.isError && (program.isPending || Boolean(forClient?.isPending)),
    isError: program.isError,
  };
  return (
    <ProgramFormFrame title={mode === 'edit' ? t`Edit Program` : t`Replicate Program`} client={client}>
      <ProgramLoadState query={loading} />
      {forClient?.isError ? (
        <PlainAlert variant="danger">
          <Trans>Failed to load client details.</Trans>
        </PlainAlert>
      ) : null}
      {data && client ? (
        <ProgramForm
          // A new form for another program or client; a background refetch of the same one keeps what was typed.
          key={`${client.id}-${data.id}`}
          mode={mode}
          clientId={client.id}
          programId={mode === 'edit' ? data.id : undefined}
          version={mode === 'edit' ? data.version : undefined}
          defaultValues={programToFormValues(data, mode, todayIso())}
        />
      ) : null}
    </ProgramFormFrame>
  );
}
