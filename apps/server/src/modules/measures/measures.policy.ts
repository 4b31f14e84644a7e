import type { TInstrument } from '@hep/shared/measures/instrument-schema';
import type { TCarerAccess } from '@hep/shared/schemas/carers';
import type { Caller } from '../../context';
import { carerMayLog } from '../carers/carers.policy';
import { isClientAccount } from '../users/users.policy';

/**
 * Who answers a measure (docs/product/outcome-measures.md#calls): a questionnaire (self_report) is the
 * client's own to answer; a performance test is entered by the care team (staff or the client's therapists), who
 * watched it. A carer with a `log` or `full` link answers a questionnaire for the client, never a performance test
 * (docs/product/carers.md#levels). The caller is already known to be in the client's scope; `carerAccess` is their
 * live link to the client when they are a carer.
 */
export function mayAnswer(
  caller: Caller,
  clientId: number,
  kind: TInstrument['kind'],
  carerAccess: TCarerAccess | null = null,
): boolean {
  if (kind !== 'self_report') return caller.isStaff || caller.isTherapist;
  if (caller.isCarer) return carerMayLog(carerAccess);
  return caller.id === clientId && isClientAccount(caller);
}

/** Only a client has measures due to answer: the care team sees them on the client page. */
export const hasOwnMeasures = (caller: Caller) => isClientAccount(caller);
