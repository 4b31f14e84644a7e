import type { TInstrument } from '@hep/shared/measures/instrument-schema';
import type { Caller } from '../../context';

/**
 * Who answers a measure (docs/product/outcome-measures.md#calls): a questionnaire (self_report) is the
 * client's own to answer; a performance test is entered by the care team (staff or the client's therapists), who
 * watched it. The caller is already known to be in the client's scope.
 */
export function mayAnswer(caller: Caller, clientId: number, kind: TInstrument['kind']): boolean {
  const isTheClient = caller.id === clientId && !caller.isStaff && !caller.isTherapist;
  return kind === 'self_report' ? isTheClient : !isTheClient;
}

/** Only a client has measures due to answer: the care team sees them on the client page. */
export const hasOwnMeasures = (caller: Caller) => !caller.isStaff && !caller.isTherapist;
