import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /client/edit/:clientId. Content comes with later work. */
export function EditClientPage() {
  return <PlaceholderPage title="Edit Client" />;
}
