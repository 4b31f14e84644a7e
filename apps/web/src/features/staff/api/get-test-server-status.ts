import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTestServerStatus } from '@hep/shared/schemas/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/**
 * GET /test-server/status/: the server checks the test site (docs/product/staff.md#test-server), so no address
 * reaches the browser.
 */
export function getTestServerStatus(): Promise<TTestServerStatus> {
  return apiFetch<TTestServerStatus>('/test-server/status/');
}

export function testServerStatusQueryOptions() {
  // A status is only worth showing fresh; one failed check is an answer (offline), not a reason to retry.
  return queryOptions({
    queryKey: staffKeys.testServerStatus,
    queryFn: getTestServerStatus,
    staleTime: 0,
    retry: false,
  });
}

export function useTestServerStatus() {
  return useQuery(testServerStatusQueryOptions());
}
