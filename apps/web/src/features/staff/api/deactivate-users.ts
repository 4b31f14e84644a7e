import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/** ZDeactivateResponse. */
export interface TDeactivateResponse {
  message: string;
  deactivated: number;
}

/** POST /users/deactivate/: the users can no longer log in and their sessions end. */
export function deactivateUsers(userIds: number[]): Promise<TDeactivateResponse> {
  return apiFetch<TDeactivateResponse>('/users/deactivate/', { method: 'POST', body: { userIds } });
}

export function useDeactivateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUsers,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.users }),
        queryClient.invalidateQueries({ queryKey: staffKeys.metrics }),
      ]),
  });
}
