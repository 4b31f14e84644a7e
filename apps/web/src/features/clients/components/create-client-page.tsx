import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /client/create. Content comes with later work. */
export function CreateClientPage() {
  return <PlaceholderPage title="Create Client" />;
}
