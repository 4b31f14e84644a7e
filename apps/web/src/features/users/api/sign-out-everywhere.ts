import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /logout/all/: ends every session of the user, on every device, this one included. */
export function signOutEverywhere(): Promise<void> {
  return apiFetch<void>('/logout/all/', { method: 'POST', body: {}, endSessionOn401: false });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
