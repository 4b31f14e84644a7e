import type { Caller } from '../../context';
import { clientScopeOf } from '../clients/clients.policy';
import type { AttentionListKind } from './attention.repository';

/**
 * Whose reasons a caller sees (docs/product/feedback-and-progress.md#needs-attention): exactly the clients list's
 * scope (clients.policy clientScopeOf), as the list statement to run and its values. Staff see every client; a
 * therapist their care team's clients.
 */
export function attentionScopeOf(caller: Caller): {
  kind: AttentionListKind;
  clinicId: number | null;
  therapistId: number | null;
} {
  const scope = clientScopeOf(caller);
  return scope.all
    ? { kind: 'all', clinicId: null, therapistId: null }
    : { kind: 'team', clinicId: scope.clinicId, therapistId: scope.therapistId };
}
