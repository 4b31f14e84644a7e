import '../../../features/programs/components/week/week.css';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { roleOf } from '@hep/shared/domain/roles';
import { PageTitle } from '../../../components/ui/page-title';
import { todayIso } from '../../../lib/calendar-date';
import { useSession } from '../../../lib/session';
import { resolveWeekDate, weekOf } from '../../../features/programs/components/week/week-dates';
import { WeekList } from '../../../features/programs/components/week/week-list';
import { WeekNavigation } from '../../../features/programs/components/week/week-navigation';

// The prompt waits for the client's profile before it shows (or not), so its code loads alongside that call
// instead of with the page.
const NotificationPrompt = lazy(() =>
  import('../../../features/reminders/components/notification-prompt').then((m) => ({
    default: m.NotificationPrompt,
  })),
);

/**
 * /programs: the week's programs, Monday to Sunday (the client's home; the care team sees their clients' too).
 * The chosen date lives in the address (`?date=`), so that coming back from a program shows the same week.
 */
export function ProgramsPage() {
  const { user } = useSession();
  const role = user ? roleOf(user) : 'client';
  // The browser's today: the client's own zone, which is also where they do their exercises.
  const today = todayIso();
  const [searchParams, setSearchParams] = useSearchParams();
  const date = resolveWeekDate(searchParams.get('date'), today);
  const week = weekOf(date);

  const choose = (next: string) => {
    void setSearchParams(next === today ? {} : { date: next }, { replace: true });
  };

  return (
    <section className={`page-narrow week-page${role === 'client' ? ' week-page-client' : ''}`}>
      <PageTitle title="Programs" />
      {role === 'client' && user ? (
        <Suspense fallback={null}>
          <NotificationPrompt key={user.id} userId={user.id} />
        </Suspense>
      ) : null}
      <WeekNavigation week={week} date={date} today={today} onChoose={choose} />
      <WeekList week={week} role={role} today={today} />
    </section>
  );
}
