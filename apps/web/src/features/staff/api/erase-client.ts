import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/** POST /users/{id}/erase/ (staff): a deactivated client's records go for good (docs/product/retention.md#erasure). */
export function eraseClient(userId: number): Promise<unknown> {
  return apiFetch<unknown>(`/users/${userId}/erase/`, { method: 'POST' });
}

export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseClient,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.users }),
        queryClient.invalidateQueries({ queryKey: staffKeys.metrics }),
      ]),
  });
}
