import type { TProgram } from '@hep/shared/schemas/programs';
import { formatShortDate } from '../../../../lib/format';
import { ScheduleBadges } from './schedule-badges';

/** Start and end dates (dd/MM/yyyy) and the prescribed days. */
export function ProgramFacts({ program }: { program: TProgram }) {
  return (
    <dl className="program-facts">
      <dt>Start date</dt>
      <dd>{formatShortDate(program.start_date) ?? 'Not set'}</dd>
      <dt>End date</dt>
      <dd>{formatShortDate(program.end_date) ?? 'No end date'}</dd>
      <dt>Days</dt>
      <dd className="program-facts-days">
        <ScheduleBadges days={program.days_of_week} />
      </dd>
    </dl>
  );
}
