import { NavLink, Link } from 'react-router';
import { BarChartLine, HddStack, PeopleFill } from 'react-bootstrap-icons';
import { MESSAGES } from '@hep/shared/messages';
import { Logo } from '../../components/ui/logo';
import type { SessionUser } from '../../lib/session';

// Each tool says its name next to its icon (under it on a phone): the name is the link's accessible name, and the
// heading of the page it opens (docs/product/staff.md#header).
const STAFF_LINKS = [
  { to: '/metrics', label: 'System Metrics Dashboard', Icon: BarChartLine },
  { to: '/manage', label: 'Manage Users', Icon: PeopleFill },
  { to: '/configure-test-server', label: 'Configure Test Server', Icon: HddStack },
] as const;

export function AppHeader({ user }: { user: SessionUser | null }) {
  return (
    <header className="app-header">
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
        <Link to="/" className="brand-link" aria-label={`${MESSAGES.appName} home`}>
          <Logo size={40} />
          <span className="d-none d-sm-inline" aria-hidden="true">
            {MESSAGES.appName}
          </span>
        </Link>
        {user ? <span className="ms-auto fw-semibold me-2">Hello, {user.firstName || 'there'}</span> : null}
        {user?.is_staff ? (
          <nav aria-label="Staff tools" className="staff-tools">
            {STAFF_LINKS.map(({ to, label, Icon }) => (
              <NavLink key={to} to={to} className="staff-tool-link">
                <Icon size={22} aria-hidden="true" className="flex-shrink-0" />
                <span>{label}</span>
              </NavLink>
            ))}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
