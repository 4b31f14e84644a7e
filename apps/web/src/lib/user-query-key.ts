/**
 * The cache key of a user's details (GET /users/{id}/). The profile pages and the reminder settings read and write
 * the same answer, so the key lives here rather than in either feature.
 */
export function userQueryKey(userId: number | string) {
  return ['users', String(userId)] as const;
}
