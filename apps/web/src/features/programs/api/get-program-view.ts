import { useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { programQueryOptions } from '../../../lib/programs-api';
import { queryClient } from '../../../lib/query-client';
import { whenSessionReady } from '../../../lib/session';

/** GET /programs/{id}/ for the program view: the program with its exercises and signed media URLs. */
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
