import { useQuery } from '@tanstack/react-query';
import { programQueryOptions } from '../../../lib/programs-api';

/** GET /programs/{id}/ for the program view: the program with its exercises and signed media URLs. */
export function useProgramView(programId: string) {
  return useQuery(programQueryOptions(programId));
}
