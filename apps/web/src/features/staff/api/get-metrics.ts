import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMetrics } from '@hep/shared/schemas/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/** GET /metrics/ (staff). */
export function getMetrics(): Promise<TMetrics> {
  return apiFetch<TMetrics>('/metrics/');
}

export function metricsQueryOptions() {
  // Counts change with every action elsewhere: always ask again when the page opens.
  return queryOptions({ queryKey: staffKeys.metrics, queryFn: getMetrics, staleTime: 0 });
}

export function useMetrics() {
  return useQuery(metricsQueryOptions());
}
