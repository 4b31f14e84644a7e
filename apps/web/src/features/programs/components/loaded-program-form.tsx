import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { useProgramView } from '../api/get-program-view';
import { ProgramForm } from './program-form';
import { ProgramFormFrame } from './program-form-frame';
import { todayIso } from '../../../lib/calendar-date';
import { programToFormValues } from './program-form-values';

/** Edit and Replicate: the form filled from the saved program (its client comes with it). */
export function LoadedProgramForm({ mode }: { mode: 'edit' | 'replicate' }) {
  const { programId = '' } = useParams();
  const program = useProgramView(programId);
  const data = program.data;
  return (
    <ProgramFormFrame
      title={mode === 'edit' ? 'Edit Program' : 'Replicate Program'}
      client={data?.client ?? null}
    >
      {program.isPending ? <LoadingText text={MESSAGES.programLoading} /> : null}
      {program.isError ? <Alert variant="danger">{MESSAGES.programLoadFailed}</Alert> : null}
      {data ? (
        <ProgramForm
          // A new form for another program; a background refetch of the same one keeps what was typed.
          key={data.id}
          mode={mode}
          clientId={data.client.id}
          programId={mode === 'edit' ? data.id : undefined}
          version={mode === 'edit' ? data.version : undefined}
          defaultValues={programToFormValues(data, mode, todayIso())}
        />
      ) : null}
    </ProgramFormFrame>
  );
}
