import { NavLink } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Bookmarks,
  CalendarCheck,
  ChatDots,
  Journals,
  PeopleFill,
  PersonCircle,
} from 'react-bootstrap-icons';
import { roleOf } from '@hep/shared/domain/roles';
import type { SessionUser } from '../../lib/session';
import { useUnreadCount } from './use-unread-count';

/**
 * The fixed bar of a signed-in user: home list first (Clients, Programs, or a carer's Helping), a client's Messages
 * with their unread count (in its accessible name too), then Profile.
 */
export function BottomBar({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const role = roleOf(user);
  const client = role === 'client';
  const unread = useUnreadCount(client);
  const home = user.is_therapist
    ? { to: '/clients', label: t`Clients`, Icon: PeopleFill }
    : role === 'carer'
      ? { to: '/helping', label: t`Helping`, Icon: PeopleFill }
      : { to: '/programs', label: t`Programs`, Icon: CalendarCheck };
  return (
    <nav
      className="bottom-bar fixed-bottom"
      aria-label={t({ message: 'Main', comment: 'the main navigation bar' })}
    >
      <div className="container d-flex px-0">
        <NavLink to={home.to} className="bottom-bar-link">
          <home.Icon size={24} aria-hidden="true" />
          <span>{home.label}</span>
        </NavLink>
        {user.is_therapist || user.is_staff ? (
          <>
            <NavLink to="/library" className="bottom-bar-link">
              <Journals size={24} aria-hidden="true" />
              <span>
                <Trans>Library</Trans>
              </span>
            </NavLink>
            <NavLink to="/templates" className="bottom-bar-link" end={false}>
              <Bookmarks size={24} aria-hidden="true" />
              <span>
                <Trans>Templates</Trans>
              </span>
            </NavLink>
          </>
        ) : null}
        {client ? (
          <NavLink to="/messages" className="bottom-bar-link">
            <ChatDots size={24} aria-hidden="true" />
            <span>
              <Trans>Messages</Trans>
              {unread > 0 ? (
                <>
                  {' '}
                  <span className="badge rounded-pill text-bg-danger">{unread}</span>
                  <span className="visually-hidden">
                    {' '}
                    <Trans>unread</Trans>
                  </span>
                </>
              ) : null}
            </span>
          </NavLink>
        ) : null}
        <NavLink to={`/user/${user.id}`} className="bottom-bar-link" end={false}>
          <PersonCircle size={24} aria-hidden="true" />
          <span>
            <Trans>Profile</Trans>
          </span>
        </NavLink>
      </div>
    </nav>
  );
}
