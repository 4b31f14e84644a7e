import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /program/edit/:clientId/:programId. Content comes with later work. */
export function EditProgramPage() {
  return <PlaceholderPage title="Edit Program" />;
}
