import Button from 'react-bootstrap/Button';
import { ArrowLeft, Printer } from 'react-bootstrap-icons';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useProgramView } from '../../../features/programs/api/get-program-view';
import { ProgramLoadState } from '../../../features/programs/components/program-load-state';
import { PrintSheet } from '../../../features/print/components/print-sheet';
import { todayIso } from '../../../lib/calendar-date';
import { useMediaRefresh } from '../../../lib/use-media-refresh';

/**
 * /program/:programId/print (therapists, staff, and the client for their own program): the program on paper. The
 * QR code leads to PUBLIC_URL/program/{id}; the SPA is served from PUBLIC_URL, so this page's own origin is it.
 */
export function PrintProgramPage() {
  const { programId = '' } = useParams();
  const program = useProgramView(programId);
  const onMediaError = useMediaRefresh(program);
  const { t } = useLingui();
  const programName = program.data?.name;

  return (
    <section className="print-page">
      <title>
        {programName
          ? t`Print: ${programName} | Home Exercise Program`
          : t`Print program | Home Exercise Program`}
      </title>
      <div className="print-toolbar d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to={`/program/${programId}?date=${todayIso()}`} className="btn btn-link px-0 me-auto">
          <ArrowLeft aria-hidden="true" className="flip-rtl" /> <Trans>Back to program</Trans>
        </Link>
        <Button variant="primary" onClick={() => window.print()} disabled={!program.data}>
          <Printer aria-hidden="true" /> <Trans>Print</Trans>
        </Button>
      </div>
      <ProgramLoadState query={program} />
      {program.data ? (
        <PrintSheet
          program={program.data}
          programUrl={`${window.location.origin}/program/${program.data.id}`}
          onMediaError={onMediaError}
        />
      ) : null}
    </section>
  );
}
