import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddTherapist } from '@hep/shared/schemas/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/** ZAddTherapist as sent: the clinic's id as a number. */
export type TAddTherapistBody = Omit<TAddTherapist, 'clinic_id'> & { clinic_id: number };

/** ZAddTherapistResponse (also the answer of a CSV import). */
export interface TAddTherapistResponse {
  message: string;
  created: number;
}

/** POST /users/add_therapist/: creates the therapist and emails an activation link. */
export function addTherapist(body: TAddTherapistBody): Promise<TAddTherapistResponse> {
  return apiFetch<TAddTherapistResponse>('/users/add_therapist/', { method: 'POST', body });
}

export function useAddTherapist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTherapist,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.users }),
        queryClient.invalidateQueries({ queryKey: staffKeys.metrics }),
      ]),
  });
}
