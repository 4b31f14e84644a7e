import { sql, type SQL } from 'drizzle-orm';

/** Whose conversations: a client's own, a therapist's caseload, a carer's full links (messages.policy.ts). */
export type ConversationScope =
  | { kind: 'client'; clientId: number }
  | { kind: 'team'; clinicId: number | null; therapistId: number }
  | { kind: 'carer'; carerId: number; today: string };

/**
 * The conversations (client ids, an `id` column) a caller takes part in (docs/product/messages.md#who): a client's
 * own; a therapist's caseload (the clients list's scope, active clients); a carer's clients with a live `full` link
 * (its last day compared with the scope's UTC `today`). For the unread counts and the live stream's replay.
 */
export function conversationsOfSql(scope: ConversationScope): SQL {
  if (scope.kind === 'client') return sql`select ${scope.clientId}::integer as id`;
  if (scope.kind === 'carer')
    return sql`select cl.client_id as id from carer_links cl where cl.carer_id = ${scope.carerId}::integer
      and cl.access = 'full' and cl.ended_at is null
      and (cl.expires_on is null or cl.expires_on >= ${scope.today}::date)`;
  return sql`select cp.user_id as id from client_profiles cp join users cu on cu.id = cp.user_id and cu.is_active
    where cp.clinic_id = ${scope.clinicId}::integer or cp.created_by_id = ${scope.therapistId}::integer`;
}
