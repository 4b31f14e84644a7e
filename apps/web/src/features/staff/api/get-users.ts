import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserListItem } from '@hep/shared/schemas/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/** GET /users/ (staff): every user with role flags, discipline and clinic name. */
export function getUsers(): Promise<TUserListItem[]> {
  return apiFetch<TUserListItem[]>('/users/');
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: staffKeys.users, queryFn: getUsers });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
