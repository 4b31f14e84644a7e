import '../../../features/programs/components/week/week.css';
import { useSearchParams } from 'react-router';
import { roleOf } from '@hep/shared/domain/roles';
import { PageTitle } from '../../../components/ui/page-title';
import { todayIso } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { NotificationPrompt } from '../../../features/reminders/components/notification-prompt';
import { resolveWeekDate, weekOf } from '../../../features/programs/components/week/week-dates';
import { WeekList } from '../../../features/programs/components/week/week-list';
import { WeekNavigation } from '../../../features/programs/components/week/week-navigation';

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
      {role === 'client' && user ? <NotificationPrompt key={user.id} userId={user.id} /> : null}
      <WeekNavigation week={week} date={date} today={today} onChoose={choose} />
      <WeekList week={week} role={role} today={today} />
    </section>
  );
}
