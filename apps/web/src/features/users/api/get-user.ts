import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserDetail } from '@hep/shared/schemas/users';
import type { LoaderFunctionArgs } from 'react-router';
import { apiFetch } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { whenSessionReady } from '../../../lib/session';
import { userQueryKey } from '../../../lib/user-query-key';

export function getUser(userId: string): Promise<TUserDetail> {
  return apiFetch<TUserDetail>(`/users/${encodeURIComponent(userId)}/`);
}

export function userQueryOptions(userId: string) {
  return queryOptions({ queryKey: userQueryKey(userId), queryFn: () => getUser(userId) });
}

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}

/**
 * Route loader: fetch the user while the page's code loads, so the page appears with its data. Errors are
 * left to the page (prefetch never throws), which shows its own failure text.
 */
export async function loadUser({ params }: LoaderFunctionArgs): Promise<null> {
  const session = await whenSessionReady();
  if (session.user && params.userId) await queryClient.prefetchQuery(userQueryOptions(params.userId));
  return null;
}
