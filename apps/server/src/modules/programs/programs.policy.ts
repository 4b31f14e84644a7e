import type { TCarerAccess } from '@hep/shared/schemas/carers';
import type { Caller } from '../../context';
import { carerMayRead } from '../carers/carers.policy';
import { isClientAccount, isOnCareTeam, type UserScopeFacts } from '../users/users.policy';

/** What the scope rules need to know about a program (docs/product/clients.md#scope). */
export interface ProgramScopeFacts {
  clientId: number;
  isDraft: boolean;
  /** The caller's live carer link to the program's client, when the caller is a carer (else null). */
  carerAccess?: TCarerAccess | null;
  client: UserScopeFacts;
}

/** Staff see everything; the client's care team sees all their programs; a client sees their own published ones. */
export function canViewProgram(caller: Caller, program: ProgramScopeFacts): boolean {
  if (caller.isStaff) return true;
  // A carer reads a client's published programs through a live link, as the client does (docs/product/carers.md#scope).
  if (caller.isCarer)
    return !program.isDraft && isClientAccount(program.client) && carerMayRead(program.carerAccess);
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
  // A carer's own list is empty (no programs of their own): they read a client's with `?client=`.
  return caller.isTherapist ? 'care-team' : 'own-published';
}
