import '../../../features/progress/components/week/week.css';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { roleOf } from '@hep/shared/domain/roles';
import { PageTitle } from '../../../components/ui/page-title';
import { todayIso } from '../../../lib/calendar-date';
import { useSession } from '../../../lib/session';
import { TodayPrograms } from '../../../features/progress/components/week/today-programs';
import { resolveWeekDate, weekOf } from '../../../features/progress/components/week/week-dates';
import { WeekList } from '../../../features/progress/components/week/week-list';
import { WeekNavigation } from '../../../features/progress/components/week/week-navigation';

// The prompt waits for the client's profile before it shows (or not), so its code loads alongside that call
// instead of with the page.
const NotificationPrompt = lazy(() =>
  import('../../../features/reminders/components/notification-prompt').then((m) => ({
    default: m.NotificationPrompt,
  })),
);

// Today's questionnaires, loaded alongside the day's programs (docs/product/outcome-measures.md#answering).
const DueMeasures = lazy(() => import('../../../features/measures/components/due-measures'));

/** Past this, the week shows even if the prompt has not made up its mind (a slow or failing check). */
const PROMPT_WAIT_MS = 4000;

/**
 * /programs: the week's programs, Monday to Sunday (the client's home; the care team sees their clients' too).
 * A client's list opens on Today (docs/product/session.md#today), then the notification prompt, then the week. What
 * is under Today appears at once, when both Today and the prompt know what they show, so that nothing on the screen
 * moves. The chosen date lives in the address (`?date=`), so that coming back from a program shows the same week.
 */
export function ProgramsPage() {
  const { user } = useSession();
  // A carer's home is the list of the people they help; a client's programs open from there.
  if (user && roleOf(user) === 'carer') return <Navigate to="/helping" replace />;
  return <ProgramsWeek />;
}

function ProgramsWeek() {
  const { user } = useSession();
  const { t } = useLingui();
  const role = user ? roleOf(user) : 'client';
  const client = role === 'client' && user !== null;
  // The browser's today: the client's own zone, which is also where they do their exercises.
  const today = todayIso();
  const [searchParams, setSearchParams] = useSearchParams();
  const date = resolveWeekDate(searchParams.get('date'), today);
  const week = weekOf(date);
  const [todayReady, setTodayReady] = useState(false);
  const [promptSettled, setPromptSettled] = useState(false);
  const [measuresSettled, setMeasuresSettled] = useState(false);
  const onTodayReady = useCallback(() => setTodayReady(true), []);
  const onPromptSettled = useCallback(() => setPromptSettled(true), []);
  const onMeasuresSettled = useCallback(() => setMeasuresSettled(true), []);
  const lowerReady = todayReady && promptSettled && measuresSettled;

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setPromptSettled(true);
      setMeasuresSettled(true);
    }, PROMPT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const choose = (next: string) => {
    void setSearchParams(next === today ? {} : { date: next }, { replace: true });
  };
  // A reminder opens /programs?open=today: straight into today's session when there is one program to do.
  const openOne = searchParams.get('open') === 'today';
  const onOpenSettled = useCallback(() => {
    void setSearchParams(
      (params) => {
        params.delete('open');
        return params;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  const navigation = <WeekNavigation week={week} date={date} today={today} onChoose={choose} />;
  const list = <WeekList week={week} role={role} today={today} />;
  if (!client) {
    return (
      <section className="page-narrow week-page">
        <PageTitle title={t`Programs`} />
        {navigation}
        {list}
      </section>
    );
  }

  // While the week loads, its "Loading..." shows under Today. Once Today has its cards, the list waits (hidden)
  // for the prompt, then the prompt, the navigation and the days appear together. The list stays mounted
  // throughout (its calls are Today's, made once), in a wrapper without a box of its own, which cannot shift.
  return (
    <section className="page-narrow week-page week-page-client">
      <PageTitle title={t`Programs`} />
      <TodayPrograms today={today} onReady={onTodayReady} openOne={openOne} onOpenSettled={onOpenSettled} />
      {/* Mounted at once (hidden), so that the questionnaires and the prompt make up their minds meanwhile. */}
      <div hidden={!lowerReady}>
        <Suspense fallback={null}>
          <DueMeasures today={today} onSettled={onMeasuresSettled} />
        </Suspense>
        <Suspense fallback={null}>
          <NotificationPrompt key={user.id} userId={user.id} onSettled={onPromptSettled} />
        </Suspense>
      </div>
      {lowerReady ? navigation : null}
      <div style={{ display: todayReady && !lowerReady ? 'none' : 'contents' }}>{list}</div>
    </section>
  );
}
