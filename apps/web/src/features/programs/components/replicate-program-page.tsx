import { ProgramFormLoadedPage } from './program-form-loaded-page';

/** /program/duplicate/:clientId/:programId. */
export function ReplicateProgramPage() {
  return <ProgramFormLoadedPage mode="replicate" />;
}
