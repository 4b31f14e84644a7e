import './today-programs.css';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowRightCircleFill, CheckCircleFill, PlayCircleFill } from 'react-bootstrap-icons';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatLongDate } from '../../../../lib/calendar-date';
import { useWeek } from '../../api/get-week';
import { DayStatus } from './day-status';
import { weekOf } from './week-dates';
import { programToOpen, TODAY_ACTION_WORDS, todayAction } from './today-action';
import { buildWeek, sessionPath, type TWeekEntry } from './week-schedule';

const ACTION_ICONS = { start: PlayCircleFill, continue: ArrowRightCircleFill, done: CheckCircleFill };

function TodayCard({ entry, today }: { entry: TWeekEntry; today: string }) {
  const { t } = useLingui();
  const { program, status } = entry;
  const action = todayAction(status);
  const done = action === 'done';
  const label = t(TODAY_ACTION_WORDS[action]);
  const programName = program.name;
  const therapist = program.therapist_name;
  const Icon = ACTION_ICONS[action];
  return (
    <li className="card today-card">
      <div className="card-body">
        <h3 className="h4 mb-1 text-break">{program.name}</h3>
        <p className="mb-2">
          <Trans>
            <Plural value={program.exercises.length} one="# exercise" other="# exercises" /> · With{' '}
            {therapist}
          </Trans>
        </p>
        {status ? (
          <p className="mb-3">
            <DayStatus status={status} />
          </p>
        ) : null}
        {/* Screen readers hear which program it starts; the visible words begin the name (WCAG 2.5.3). */}
        <Link
          to={sessionPath(program.id, today)}
          className={`btn btn-lg w-100 today-start ${done ? 'btn-outline-primary' : 'btn-primary'}`}
          aria-label={t`${label}: ${programName}`}
        >
          <Icon aria-hidden="true" size={26} className={action === 'continue' ? 'flip-rtl' : undefined} />
          {label}
        </Link>
      </div>
    </li>
  );
}

interface TodayProgramsProps {
  today: string;
  onReady?: () => void;
  /** Opened from a reminder: go straight into the one program of today not done yet, if there is one. */
  openOne?: boolean;
  /** Called when openOne found nothing (or a choice) to open straight away. */
  onOpenSettled?: () => void;
}

/**
 * The client's Today, first on /programs (docs/product/session.md#today): each program due today with one large
 * Start, Continue or Done, which opens the session at the first exercise not done yet (or the day's All done). It
 * shares the current week's two calls with the week list, whose "Loading..." shows under it meanwhile.
 */
export function TodayPrograms({ today, onReady, openOne = false, onOpenSettled }: TodayProgramsProps) {
  const navigate = useNavigate();
  const week = weekOf(today);
  const { isPending, isError, programs, statuses } = useWeek(week.start, week.end);
  const ready = isError || !isPending;
  useEffect(() => {
    if (ready) onReady?.();
  }, [ready, onReady]);
  const entries =
    isPending || isError || !programs || !statuses
      ? null
      : (buildWeek(week, programs, statuses).find((day) => day.date === today)?.entries ?? []);
  const known = entries !== null || isError;
  const toOpen = openOne && entries ? programToOpen(entries) : null;
  useEffect(() => {
    if (!openOne || !known) return;
    if (toOpen === null) onOpenSettled?.();
    else void navigate(sessionPath(toOpen, today), { replace: true });
  }, [openOne, known, toOpen, today, navigate, onOpenSettled]);
  // The week list below says what went wrong; saying it twice would not help.
  if (isError) return null;

  return (
    <section className="today mb-4" aria-labelledby="today-heading" aria-busy={entries === null || undefined}>
      <h2 id="today-heading" className="today-heading">
        <Trans>
          Today <span className="today-date">{formatLongDate(today)}</span>
        </Trans>
      </h2>
      {entries?.length === 0 ? (
        <p className="today-rest mb-0">
          <Trans>Nothing to do today. Rest well.</Trans>
        </p>
      ) : null}
      {entries && entries.length > 0 ? (
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {entries.map((entry) => (
            <TodayCard key={entry.program.id} entry={entry} today={today} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
