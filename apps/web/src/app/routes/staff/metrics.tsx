import '../../../features/staff/components/staff.css';
import { useEffect, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { sendLog } from '../../../lib/logger';
import { useMetrics } from '../../../features/staff/api/get-metrics';
import {
  ClinicStatistics,
  ExerciseFeedbackMetrics,
  ProgramsByTherapist,
  UserStatistics,
} from '../../../features/staff/components/metrics-sections';

function MetricsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-5">
      <h2 id={id} className="h4 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /metrics (staff): users, clinics, programs per therapist and exercise feedback, from GET /metrics/. */
export function MetricsPage() {
  const metrics = useMetrics();
  const { t } = useLingui();

  // A failed load is only logged (docs/product/staff.md#metrics-dashboard); the page then says there are no metrics.
  const failure = metrics.error;
  useEffect(() => {
    if (failure) sendLog({ level: 'error', message: 'Failed to load metrics', error: String(failure) });
  }, [failure]);

  let content: ReactNode;
  if (metrics.isPending) content = <LoadingText text={t`Loading metrics...`} />;
  else if (!metrics.data) content = <p className="my-4">{t`No metrics available.`}</p>;
  else {
    const { users, clinics, programs, exercise_feedback } = metrics.data;
    content = (
      <>
        <MetricsSection id="metrics-users" title={t`User Statistics`}>
          <UserStatistics users={users} />
        </MetricsSection>
        <MetricsSection id="metrics-clinics" title={t`Clinic Statistics`}>
          <ClinicStatistics clinics={clinics} />
        </MetricsSection>
        <MetricsSection id="metrics-programs" title={t`Programs by Therapist`}>
          <ProgramsByTherapist rows={programs.by_therapist} />
        </MetricsSection>
        <MetricsSection id="metrics-feedback" title={t`Exercise Feedback Metrics`}>
          <ExerciseFeedbackMetrics feedback={exercise_feedback} />
        </MetricsSection>
      </>
    );
  }

  return (
    <section>
      <PageTitle title={t`System Metrics Dashboard`} />
      {content}
    </section>
  );
}
