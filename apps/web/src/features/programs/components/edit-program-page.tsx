import { ProgramFormLoadedPage } from './program-form-loaded-page';

/** /program/edit/:clientId/:programId. */
export function EditProgramPage() {
  return <ProgramFormLoadedPage mode="edit" />;
}
