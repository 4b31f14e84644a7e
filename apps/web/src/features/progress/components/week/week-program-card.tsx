import { Link } from 'react-router';
import { ArrowRightCircle, PlayCircle } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TRole } from '@hep/shared/domain/roles';
import { DayStatus } from './day-status';
import { formatDayHeading } from './week-dates';
import { sessionPath, type TCardAction, type TWeekEntry } from './week-schedule';

interface WeekProgramCardProps {
  entry: TWeekEntry;
  date: string;
  role: TRole;
  action: TCardAction;
}

/**
 * One program on one day: its name, who it is with, the day's status and, for a client, the button that opens
 * the day's guided session at its first exercise not done (docs/product/session.md#today). The care team gets the
 * name as a link to the program on that day instead.
 */
export function WeekProgramCard({ entry, date, role, action }: WeekProgramCardProps) {
  const { t } = useLingui();
  const { program, status } = entry;
  const programName = program.name;
  const therapist = program.therapist_name;
  const day = formatDayHeading(date);
  const dayPath = `/program/${program.id}?date=${date}`;
  // Screen readers hear which program and day a link is for; the visible words start the name (WCAG 2.5.3).
  const careTeam = role !== 'client';

  return (
    <li className="card week-card">
      <div className="card-body">
        <h3 className="h5 mb-1 text-break">
          {careTeam ? (
            <Link to={dayPath} aria-label={t`${programName}, ${day}`}>
              {program.name}
            </Link>
          ) : (
            program.name
          )}
        </h3>
        {careTeam ? (
          <dl className="week-card-people mb-2">
            <div>
              <dt>
                <Trans>Client</Trans>
              </dt>
              <dd>{program.client_name}</dd>
            </div>
            <div>
              <dt>
                <Trans>Therapist</Trans>
              </dt>
              <dd>{program.therapist_name}</dd>
            </div>
          </dl>
        ) : (
          <p className="mb-2 text-body-secondary">
            <Trans>With {therapist}</Trans>
          </p>
        )}
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          {status ? <DayStatus status={status} /> : null}
          {action !== 'none' ? (
            <Link
              className="btn btn-primary btn-lg week-card-action"
              to={sessionPath(program.id, date)}
              aria-label={
                action === 'do-it' ? t`Do it: ${programName}, ${day}` : t`Continue: ${programName}, ${day}`
              }
            >
              {action === 'do-it' ? (
                <PlayCircle aria-hidden="true" size={22} />
              ) : (
                <ArrowRightCircle aria-hidden="true" size={22} className="flip-rtl" />
              )}
              {action === 'do-it' ? <Trans>Do it</Trans> : <Trans>Continue</Trans>}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
