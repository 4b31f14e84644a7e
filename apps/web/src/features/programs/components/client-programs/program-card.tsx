import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgramListItem } from '@hep/shared/schemas/programs';
import { ADHERENCE_LAST_7_LABEL, adherencePercent } from '../../../../lib/adherence-words';
import { todayIso } from '../../../../lib/calendar-date';
import { formatShortDate } from '../../../../lib/format';
import { ProgramActionsMenu } from './program-actions-menu';
import type { TProgramCardActions } from './program-card-actions';

/**
 * A program on the client page: name, Draft badge, when last completed, how much was done in the last 7 days (not
 * for a draft, which prescribes nothing), discipline, and its menu. A tap anywhere on the card opens the program for
 * today: the name is the one link, stretched over the card (docs/product/clients.md#client-page), and the menu sits
 * above it, so that no control is nested in another.
 */
export function ProgramCard({ program, ...actions }: { program: TProgramListItem } & TProgramCardActions) {
  const { t } = useLingui();
  return (
    <article className="card h-100 program-card" aria-labelledby={`program-${program.id}-name`}>
      <div className="card-body d-flex align-items-start gap-2">
        <div className="flex-grow-1 min-w-0">
          <h2 id={`program-${program.id}-name`} className="h5 mb-2 text-break">
            <Link
              to={`/program/${program.id}?date=${todayIso()}`}
              className="stretched-link program-card-link"
            >
              {program.name}
            </Link>
          </h2>
          {program.is_draft ? (
            <Badge bg="secondary" className="mb-2">
              <Trans>Draft</Trans>
            </Badge>
          ) : null}
          <dl className="mb-0 program-card-facts">
            <div>
              <dt>
                <Trans>Last completed</Trans>
              </dt>
              <dd>{formatShortDate(program.last_completed) ?? '--'}</dd>
            </div>
            {program.is_draft ? null : (
              <div>
                <dt>{t(ADHERENCE_LAST_7_LABEL)}</dt>
                <dd>{adherencePercent(program.adherence_last_7) ?? '--'}</dd>
              </div>
            )}
            <div>
              <dt>
                <Trans>Discipline</Trans>
              </dt>
              <dd>{program.therapist_discipline ?? '--'}</dd>
            </div>
          </dl>
        </div>
        <ProgramActionsMenu program={program} {...actions} />
      </div>
    </article>
  );
}
