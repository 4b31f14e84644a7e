import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TDueMeasure } from '@hep/shared/schemas/measures';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { useSession } from '../../../lib/session';
import { useHelpingClient } from '../../../features/carers/helping-client';
import { useDueMeasures } from '../../../features/measures/api/get-due-measures';
import { Questionnaire } from '../../../features/measures/components/questionnaire';

/**
 * /measures/:assignmentId: a client (or their carer) answers a questionnaire that is due (docs/product/outcome-measures.md#answering).
 * Once found it stays on screen until left, so that "Thank you" is not replaced when the answered measure leaves the
 * due list.
 */
export function AnswerMeasurePage() {
  const { assignmentId = '' } = useParams();
  const { t } = useLingui();
  // A carer answers for the client they help, and goes back to Helping (docs/product/carers.md#levels).
  const isCarer = useSession().user?.is_carer === true;
  const helping = useHelpingClient();
  const due = useDueMeasures(isCarer ? (helping?.id ?? 0) : undefined);
  const backTo = isCarer ? '/helping' : '/programs';
  const [kept, setKept] = useState<TDueMeasure | null>(null);
  const current = due.data?.find((m) => String(m.assignment_id) === assignmentId) ?? null;
  if (current && !kept) setKept(current);
  const measure = kept ?? current;

  if (!measure && due.isPending) return <LoadingText />;
  if (!measure) {
    return (
      <section className="page-narrow">
        <PageTitle title={t`Questionnaire`} />
        <PlainAlert variant={due.isError ? 'danger' : 'info'}>
          {due.isError ? (
            <Trans>The questionnaire could not be loaded. Please try again.</Trans>
          ) : (
            <Trans>This questionnaire is not due now.</Trans>
          )}
        </PlainAlert>
        <Link to={backTo} className="back-link">
          <Trans>Back to today</Trans>
        </Link>
      </section>
    );
  }
  return (
    <section className="page-narrow">
      <PageTitle title={measure.instrument.short_name} className="h3 mb-1" />
      <Questionnaire due={measure} backTo={backTo} />
    </section>
  );
}
