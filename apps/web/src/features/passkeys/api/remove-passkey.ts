import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPasskey } from '@hep/shared/schemas/passkeys';
import { apiFetch } from '../../../lib/api-client';
import { passkeysQueryKey } from './get-passkeys';

/** DELETE /passkeys/{id}/ */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/passkeys/${id}/`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<TPasskey[]>(passkeysQueryKey, (list) => list?.filter((p) => p.id !== id));
      return queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
    },
  });
}
