import { LoadedProgramForm } from '../../../features/programs/components/loaded-program-form';
import { ProgramFormLibraryProvider } from '../library/program-form-library';

/** /program/edit/:clientId/:programId. */
export function EditProgramPage() {
  return (
    <ProgramFormLibraryProvider>
      <LoadedProgramForm mode="edit" />
    </ProgramFormLibraryProvider>
  );
}
