import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClientDetails, TEditClientBody } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';
import { clientKeys } from './get-clients';

/** PUT /users/edit_client/: answers with the client's details as saved. */
export function editClient(body: TEditClientBody): Promise<TClientDetails> {
  return apiFetch<TClientDetails>('/users/edit_client/', { method: 'PUT', body });
}

export function useEditClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editClient,
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client.id), client);
      return queryClient.invalidateQueries({ queryKey: clientKeys.list() });
    },
  });
}
