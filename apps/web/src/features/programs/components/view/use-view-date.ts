import { useSearchParams } from 'react-router';
import { todayIso } from '../../../../lib/calendar-date';
import { resolveViewDate } from './program-view-dates';

/** The day the program view shows: `?date=yyyy-MM-dd`, today when absent or not a date. */
export function useViewDate(): string {
  const [searchParams] = useSearchParams();
  return resolveViewDate(searchParams.get('date'), todayIso());
}
