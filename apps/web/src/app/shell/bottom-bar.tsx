import { NavLink } from 'react-router';
import { Bookmarks, CalendarCheck, Journals, PeopleFill, PersonCircle } from 'react-bootstrap-icons';
import type { SessionUser } from '../../lib/session';

/** The fixed bar of a signed-in user: home list first (Clients or Programs), then Profile. */
export function BottomBar({ user }: { user: SessionUser }) {
  const home = user.is_therapist
    ? { to: '/clients', label: 'Clients', Icon: PeopleFill }
    : { to: '/programs', label: 'Programs', Icon: CalendarCheck };
  return (
    <nav className="bottom-bar fixed-bottom" aria-label="Main">
      <div className="container d-flex px-0">
        <NavLink to={home.to} className="bottom-bar-link">
          <home.Icon size={24} aria-hidden="true" />
          <span>{home.label}</span>
        </NavLink>
        {user.is_therapist || user.is_staff ? (
          <>
            <NavLink to="/library" className="bottom-bar-link">
              <Journals size={24} aria-hidden="true" />
              <span>Library</span>
            </NavLink>
            <NavLink to="/templates" className="bottom-bar-link" end={false}>
              <Bookmarks size={24} aria-hidden="true" />
              <span>Templates</span>
            </NavLink>
          </>
        ) : null}
        <NavLink to={`/user/${user.id}`} className="bottom-bar-link" end={false}>
          <PersonCircle size={24} aria-hidden="true" />
          <span>Profile</span>
        </NavLink>
      </div>
    </nav>
  );
}
