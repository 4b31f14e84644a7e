import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCarerAccessEntry,
  TCarerLink,
  TInviteCarer,
  TUpdateCarerLink,
} from '@hep/shared/schemas/carers';
import { apiFetch } from '../../../lib/api-client';

// The calls of a client's carers (docs/product/carers.md#calls).

export const carerKeys = {
  ofClient: (clientId: number) => ['carers', 'client', clientId] as const,
  accessLog: ['carers', 'access-log'] as const,
};

/** GET /clients/{client_id}/carers/: the live links, for the care team and the client. */
export function useCarerLinks(clientId: number) {
  return useQuery(
    queryOptions({
      queryKey: carerKeys.ofClient(clientId),
      queryFn: () => apiFetch<TCarerLink[]>(`/clients/${clientId}/carers/`),
    }),
  );
}

/** POST /clients/{client_id}/carers/: invites a new carer, or links one who already has an account. */
export function useInviteCarer(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInviteCarer) =>
      apiFetch<TCarerLink>(`/clients/${clientId}/carers/`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carerKeys.ofClient(clientId) }),
  });
}

/** PUT /carers/links/{id}/: the link's access and last day. */
export function useUpdateCarerLink(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TUpdateCarerLink & { id: number }) =>
      apiFetch<TCarerLink>(`/carers/links/${id}/`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carerKeys.ofClient(clientId) }),
  });
}

/** DELETE /carers/links/{id}/: ends the link, and with it that carer's access to the client, at once. */
export function useEndCarerLink(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/carers/links/${id}/`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: carerKeys.ofClient(clientId) }),
        queryClient.invalidateQueries({ queryKey: carerKeys.accessLog }),
      ]),
  });
}

/** GET /users/me/carer-access/: the client's record as carers read and changed it, the last 50 times. */
export function useCarerAccessLog() {
  return useQuery(
    queryOptions({
      queryKey: carerKeys.accessLog,
      queryFn: () => apiFetch<TCarerAccessEntry[]>('/users/me/carer-access/'),
    }),
  );
}
