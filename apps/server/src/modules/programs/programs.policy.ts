import type { Caller } from '../../context';
import { isOnCareTeam, type UserScopeFacts } from '../users/users.policy';

/** What the scope rules need to know about a program (docs/product/clients.md#scope). */
export interface ProgramScopeFacts {
  clientId: number;
  isDraft: boolean;
  client: UserScopeFacts;
}

/** Staff see everything; the client's care team sees all their programs; a client sees their own published ones. */
export function canViewProgram(caller: Caller, program: ProgramScopeFacts): boolean {
  if (caller.isStaff) return true;
  if (caller.id === program.clientId) return !program.isDraft;
  return isOnCareTeam(caller, program.client);
}

/** Create, edit, replicate, delete: staff, or a therapist on the client's care team. */
export function canWriteProgram(caller: Caller, program: Pick<ProgramScopeFacts, 'client'>): boolean {
  return caller.isStaff || isOnCareTeam(caller, program.client);
}

/** The program list a caller gets without a `client` filter. */
type ProgramListScope = 'all' | 'care-team' | 'own-published';

export function programListScope(caller: Caller): ProgramListScope {
  if (caller.isStaff) return 'all';
  return caller.isTherapist ? 'care-team' : 'own-published';
}
