import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /program/duplicate/:clientId/:programId. Content comes with later work. */
export function ReplicateProgramPage() {
  return <PlaceholderPage title="Replicate Program" />;
}
