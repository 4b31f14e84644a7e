import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /program/:programId?date=yyyy-MM-dd. Content comes with later work. */
export function ProgramViewPage() {
  return <PlaceholderPage title="Program" />;
}
