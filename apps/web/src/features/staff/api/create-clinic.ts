import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClinic, TCreateClinic } from '@hep/shared/schemas/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/** POST /clinics/ (staff): the in-app replacement of the admin site's Add Clinic. */
export function createClinic(body: TCreateClinic): Promise<TClinic> {
  return apiFetch<TClinic>('/clinics/', { method: 'POST', body });
}

export function useCreateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClinic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.clinics }),
  });
}
