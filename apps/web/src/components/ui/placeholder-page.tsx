import { PageTitle } from './page-title';

/** A page whose content comes with later work: its title, behind its real route guard. */
export function PlaceholderPage({ title }: { title: string }) {
  return <PageTitle title={title} />;
}
