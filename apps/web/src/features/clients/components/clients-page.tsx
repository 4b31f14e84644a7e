import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /clients: the therapist's home, the client list. Content comes with later work. */
export function ClientsPage() {
  return <PlaceholderPage title="Clients" />;
}
