import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInstrumentView } from '@hep/shared/schemas/measures';
import { apiFetch } from '../../../lib/api-client';

export const instrumentsKey = ['measures', 'instruments'] as const;

/** GET /measures/instruments/: every instrument, in the reader's language where it carries it. */
export const getInstruments = () => apiFetch<TInstrumentView[]>('/measures/instruments/');

export function useInstruments() {
  return useQuery(queryOptions({ queryKey: instrumentsKey, queryFn: getInstruments, staleTime: Infinity }));
}
