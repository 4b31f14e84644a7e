import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /manage (staff). Content comes with later work. */
export function ManageUsersPage() {
  return <PlaceholderPage title="Manage Users" />;
}
