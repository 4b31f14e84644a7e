import { LoadedProgramForm } from '../../../features/programs/components/loaded-program-form';

/** /program/duplicate/:clientId/:programId. */
export function ReplicateProgramPage() {
  return <LoadedProgramForm mode="replicate" />;
}
