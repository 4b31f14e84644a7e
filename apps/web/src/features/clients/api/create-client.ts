import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateClient } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';
import { clientKeys } from './get-clients';

export interface TCreateClientResult {
  id: number;
  message: string;
}

/** POST /users/add/: creates the client and emails them an activation link. */
export function createClient(body: TCreateClient): Promise<TCreateClientResult> {
  return apiFetch<TCreateClientResult>('/users/add/', { method: 'POST', body });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.list() }),
  });
}
