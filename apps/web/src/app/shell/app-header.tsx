import { NavLink, Link } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarChartLine, HddStack, PeopleFill } from 'react-bootstrap-icons';
import { Logo } from '../../components/ui/logo';
import type { SessionUser } from '../../lib/session';

// Each tool says its name next to its icon (under it on a phone): the name is the link's accessible name, and the
// heading of the page it opens (docs/product/staff.md#header).
const STAFF_LINKS: readonly { to: string; label: MessageDescriptor; Icon: typeof BarChartLine }[] = [
  { to: '/metrics', label: msg`System Metrics Dashboard`, Icon: BarChartLine },
  { to: '/manage', label: msg`Manage Users`, Icon: PeopleFill },
  { to: '/configure-test-server', label: msg`Configure Test Server`, Icon: HddStack },
];

export function AppHeader({ user }: { user: SessionUser | null }) {
  const { t } = useLingui();
  const firstName = user?.firstName;
  return (
    <header className="app-header">
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
        <Link to="/" className="brand-link" aria-label={t`Home Exercise Program home`}>
          <Logo size={40} />
          <span className="d-none d-sm-inline" aria-hidden="true">
            <Trans>Home Exercise Program</Trans>
          </span>
        </Link>
        {user ? (
          <span className="ms-auto fw-semibold me-2">
            {firstName ? <Trans>Hello, {firstName}</Trans> : <Trans>Hello, there</Trans>}
          </span>
        ) : null}
        {user?.is_staff ? (
          <nav aria-label={t`Staff tools`} className="staff-tools">
            {STAFF_LINKS.map(({ to, label, Icon }) => (
              <NavLink key={to} to={to} className="staff-tool-link">
                <Icon size={22} aria-hidden="true" className="flex-shrink-0" />
                <span>{t(label)}</span>
              </NavLink>
            ))}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
