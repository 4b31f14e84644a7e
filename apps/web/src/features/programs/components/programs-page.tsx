import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /programs: the weekly programs list (the client's home). Content comes with later work. */
export function ProgramsPage() {
  return <PlaceholderPage title="Programs" />;
}
