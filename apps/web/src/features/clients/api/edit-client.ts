import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEditClientBody, TEditClientResponse } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';
import { clientKeys } from './get-clients';

/**
 * PUT /users/edit_client/: answers with the client's details as saved and, after an email change, whether it
 * waits for the confirmation link mailed to the new address (an activated client's, decision 011).
 */
export function editClient(body: TEditClientBody): Promise<TEditClientResponse> {
  return apiFetch<TEditClientResponse>('/users/edit_client/', { method: 'PUT', body });
}

export function useEditClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editClient,
    onSuccess: ({ email_change: _change, message: _message, ...client }) => {
      queryClient.setQueryData(clientKeys.detail(client.id), client);
      return queryClient.invalidateQueries({ queryKey: clientKeys.list() });
    },
  });
}
