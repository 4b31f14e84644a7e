import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /client/:clientId: the client's programs. Content comes with later work. */
export function ClientDetailPage() {
  return <PlaceholderPage title="Client Details" />;
}
