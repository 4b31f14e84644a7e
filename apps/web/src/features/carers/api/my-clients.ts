import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCarerClient, TCarerLinkPreferences } from '@hep/shared/schemas/carers';
import { apiFetch } from '../../../lib/api-client';

const myClientsKey = ['carers', 'me', 'clients'] as const;

/** GET /carers/me/clients/: the clients a carer helps, each with the link's access. */
export function useMyClients() {
  return useQuery(
    queryOptions({
      queryKey: myClientsKey,
      queryFn: () => apiFetch<TCarerClient[]>('/carers/me/clients/'),
    }),
  );
}

/** PUT /carers/me/clients/{link_id}/: the carer's own preferences on one link (the client's reminders). */
export function useSetLinkPreferences(linkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCarerLinkPreferences) =>
      apiFetch<TCarerClient>(`/carers/me/clients/${linkId}/`, { method: 'PUT', body }),
    onSuccess: (link) =>
      queryClient.setQueryData<TCarerClient[]>(myClientsKey, (list) =>
        list?.map((item) => (item.link_id === link.link_id ? link : item)),
      ),
  });
}
