import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /program/add/:clientId. Content comes with later work. */
export function CreateProgramPage() {
  return <PlaceholderPage title="Create Program" />;
}
