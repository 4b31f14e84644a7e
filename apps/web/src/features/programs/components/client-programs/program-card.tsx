import Badge from 'react-bootstrap/Badge';
import type { TProgramListItem } from '@hep/shared/schemas/programs';
import { ADHERENCE_LAST_7_LABEL, adherencePercent } from '../../../../lib/adherence-words';
import { formatShortDate } from '../../../../lib/format';
import { ProgramActionsMenu } from './program-actions-menu';
import type { TProgramCardActions } from './program-card-actions';

/**
 * A program on the client page: name, Draft badge, when last completed, how much was done in the last 7 days (not
 * for a draft, which prescribes nothing), discipline, and its menu.
 */
export function ProgramCard({ program, ...actions }: { program: TProgramListItem } & TProgramCardActions) {
  return (
    <article className="card h-100 program-card" aria-labelledby={`program-${program.id}-name`}>
      <div className="card-body d-flex align-items-start gap-2">
        <div className="flex-grow-1 min-w-0">
          <h2 id={`program-${program.id}-name`} className="h5 mb-2 text-break">
            {program.name}
          </h2>
          {program.is_draft ? (
            <Badge bg="secondary" className="mb-2">
              Draft
            </Badge>
          ) : null}
          <dl className="mb-0 program-card-facts">
            <div>
              <dt>Last completed</dt>
              <dd>{formatShortDate(program.last_completed) ?? '--'}</dd>
            </div>
            {program.is_draft ? null : (
              <div>
                <dt>{ADHERENCE_LAST_7_LABEL}</dt>
                <dd>{adherencePercent(program.adherence_last_7) ?? '--'}</dd>
              </div>
            )}
            <div>
              <dt>Discipline</dt>
              <dd>{program.therapist_discipline ?? '--'}</dd>
            </div>
          </dl>
        </div>
        <ProgramActionsMenu program={program} {...actions} />
      </div>
    </article>
  );
}
