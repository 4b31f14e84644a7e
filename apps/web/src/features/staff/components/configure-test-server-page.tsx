import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /configure-test-server (staff). Content comes with later work. */
export function ConfigureTestServerPage() {
  return <PlaceholderPage title="Configure Test Server" />;
}
