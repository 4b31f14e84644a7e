import { Trans } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { formatShortDate } from '../../../../lib/format';
import { ScheduleBadges } from './schedule-badges';

/** Start and end dates (dd/MM/yyyy) and the prescribed days. */
export function ProgramFacts({ program }: { program: TProgram }) {
  return (
    <dl className="program-facts">
      <dt>
        <Trans>Start date</Trans>
      </dt>
      <dd>{formatShortDate(program.start_date) ?? <Trans>Not set</Trans>}</dd>
      <dt>
        <Trans>End date</Trans>
      </dt>
      <dd>{formatShortDate(program.end_date) ?? <Trans>No end date</Trans>}</dd>
      <dt>
        <Trans>Days</Trans>
      </dt>
      <dd className="program-facts-days">
        <ScheduleBadges days={program.days_of_week} />
      </dd>
    </dl>
  );
}
