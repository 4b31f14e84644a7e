import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { TProgram } from '@hep/shared/schemas/programs';
import { apiFetch } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { whenSessionReady } from '../../../lib/session';
import { programKeys } from '../../../lib/program-keys';

/** GET /programs/{id}/: the program with its exercises and signed media URLs. */
export function getProgram(programId: number | string): Promise<TProgram> {
  return apiFetch<TProgram>(`/programs/${encodeURIComponent(String(programId))}/`);
}

export function programQueryOptions(programId: number | string) {
  return queryOptions({
    queryKey: programKeys.detail(programId),
    queryFn: () => getProgram(programId),
  });
}

/** The program for the program view and the edit and replicate forms. */
export function useProgramView(programId: string) {
  return useQuery(programQueryOptions(programId));
}

/**
 * Route loader of the program pages: fetch the program while the page's code loads. Errors are left to the page
 * (prefetch never throws), which shows its own failure text.
 */
export async function loadProgram({ params }: LoaderFunctionArgs): Promise<null> {
  const session = await whenSessionReady();
  if (session.user && params.programId)
    await queryClient.prefetchQuery(programQueryOptions(params.programId));
  return null;
}
