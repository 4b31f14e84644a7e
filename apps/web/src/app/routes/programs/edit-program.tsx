import { LoadedProgramForm } from '../../../features/programs/components/loaded-program-form';

/** /program/edit/:clientId/:programId. */
export function EditProgramPage() {
  return <LoadedProgramForm mode="edit" />;
}
