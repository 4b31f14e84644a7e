import { ArrowLeft } from 'react-bootstrap-icons';
import { useLocation, useNavigate } from 'react-router';
import { Trans } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { PageTitle } from '../../../../components/ui/page-title';
import { formatLongDate } from '../../../../lib/calendar-date';

/** The client's exercise-day header: back, the day, the program. Read-only. */
export function ClientProgramHeader({ program, date }: { program: TProgram; date: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened directly (no earlier entry in this tab) goes back to the client's home list instead.
  const goBack = () => (location.key === 'default' ? navigate('/programs') : navigate(-1));

  return (
    <header className="d-flex align-items-start gap-2">
      <button type="button" className="btn btn-link icon-link-button flex-shrink-0 p-0" onClick={goBack}>
        <ArrowLeft size={24} aria-hidden="true" className="flip-rtl" />
        <span className="visually-hidden">
          <Trans comment="button: back to the page before the program">Back</Trans>
        </span>
      </button>
      <div className="flex-grow-1">
        <p className="mb-1 text-body-secondary">{formatLongDate(date)}</p>
        <PageTitle title={program.name} className="h2 mb-0 text-break" />
      </div>
    </header>
  );
}
