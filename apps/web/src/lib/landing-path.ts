import { homePathFor } from '@hep/shared/domain/roles';
import type { SessionState } from './session';

/** Where a signed-in user starts: the terms until agreed, then /clients (therapists) or /programs. */
export function landingPath(session: Pick<SessionState, 'user' | 'agreed'>): string {
  if (!session.user) return '/';
  if (session.agreed === false) return '/terms';
  return homePathFor(session.user);
}
