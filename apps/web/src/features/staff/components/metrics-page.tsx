import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /metrics (staff). Content comes with later work. */
export function MetricsPage() {
  return <PlaceholderPage title="System Metrics Dashboard" />;
}
