import Badge from 'react-bootstrap/Badge';
import { Calendar3, PencilSquare, PersonFill } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { PageTitle } from '../../../../components/ui/page-title';
import { DeleteProgramButton } from './delete-program-button';
import { formatLongDate } from '../../../../lib/calendar-date';
import { ProgramFacts } from './program-facts';
import { ProgramMoreMenu, type TProgramMoreActions } from './program-more-menu';

interface TherapistProgramHeaderProps {
  program: TProgram;
  date: string;
  /** The More menu's template actions, whose dialogs the page renders. */
  moreActions?: TProgramMoreActions;
}

/** The care team's header: the client, the date viewed, the program, its controls, dates and schedule. */
export function TherapistProgramHeader({ program, date, moreActions }: TherapistProgramHeaderProps) {
  const { t } = useLingui();
  return (
    <header className="card">
      <div className="card-body d-grid gap-3">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <Link
            to={`/client/${program.client.id}`}
            className="d-inline-flex align-items-center gap-2 fw-semibold text-decoration-none py-2"
          >
            <PersonFill aria-hidden="true" />
            {program.client_name}
          </Link>
          <p className="d-flex align-items-center gap-2 mb-0 text-body-secondary">
            <Calendar3 aria-hidden="true" />
            {formatLongDate(date)}
          </p>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <PageTitle title={program.name} className="h2 mb-0 text-break" />
          {program.is_draft ? (
            <Badge bg="warning" text="dark" className="fs-6">
              <Trans>Draft</Trans>
            </Badge>
          ) : null}
        </div>
        <ProgramFacts program={program} />
        <div className="d-flex flex-wrap gap-2">
          <Link
            to={`/program/edit/${program.client.id}/${program.id}`}
            className="btn btn-primary"
            aria-label={t`Edit program`}
          >
            <PencilSquare aria-hidden="true" />
            <Trans>Edit</Trans>
          </Link>
          <DeleteProgramButton program={program} />
          <ProgramMoreMenu program={program} actions={moreActions} />
        </div>
      </div>
    </header>
  );
}
