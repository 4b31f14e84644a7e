import { NavLink } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { BarChartLine, HddStack, PeopleFill } from 'react-bootstrap-icons';

// Each tool says its name next to its icon (under it on a phone): the name is the link's accessible name, and the
// heading of the page it opens (docs/product/staff.md#header).
const STAFF_LINKS: readonly { to: string; label: MessageDescriptor; Icon: typeof BarChartLine }[] = [
  { to: '/metrics', label: msg`System Metrics Dashboard`, Icon: BarChartLine },
  { to: '/manage', label: msg`Manage Users`, Icon: PeopleFill },
  { to: '/configure-test-server', label: msg`Configure Test Server`, Icon: HddStack },
];

/** The staff's tools in the header: only staff load them (app/shell/signed-in-shell.ts). */
export function StaffTools() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Staff tools`} className="staff-tools">
      {STAFF_LINKS.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} className="staff-tool-link">
          <Icon size={22} aria-hidden="true" className="flex-shrink-0" />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
