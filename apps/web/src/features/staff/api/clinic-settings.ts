import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClinicSettings, TUpdateClinic } from '@hep/shared/schemas/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

const settingsKey = (id: number) => [...staffKeys.clinics, id] as const;

/** GET /clinics/{id}/ (staff): the clinic's settings. */
export function useClinicSettings(id: number) {
  return useQuery(
    queryOptions({ queryKey: settingsKey(id), queryFn: () => apiFetch<TClinicSettings>(`/clinics/${id}/`) }),
  );
}

/** PATCH /clinics/{id}/ (staff). */
export function useUpdateClinic(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateClinic) =>
      apiFetch<TClinicSettings>(`/clinics/${id}/`, { method: 'PATCH', body }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(id), settings),
  });
}
