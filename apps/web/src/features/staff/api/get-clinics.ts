import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClinic } from '@hep/shared/schemas/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/** GET /clinics/. */
export function getClinics(): Promise<TClinic[]> {
  return apiFetch<TClinic[]>('/clinics/');
}

export function clinicsQueryOptions() {
  return queryOptions({ queryKey: staffKeys.clinics, queryFn: getClinics });
}

export function useClinics() {
  return useQuery(clinicsQueryOptions());
}
