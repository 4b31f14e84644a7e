import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import { ArrowLeft, PersonFill } from 'react-bootstrap-icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { useLogFailure } from '../../../lib/use-log-failure';
import { useMediaRefresh } from '../../../lib/use-media-refresh';
import { useExercise } from '../../../features/feedback/api/get-exercise';
import { useExerciseFeedback } from '../../../features/feedback/api/get-exercise-feedback';
import { entryCount, summarizeFeedback } from '../../../features/feedback/utils/feedback-summary';
import { FeedbackEntryCard } from '../../../features/feedback/components/feedback-entry-card';
import { hasFeedbackMedia } from '../../../features/feedback/components/feedback-media';
import { FeedbackSummaryCard } from '../../../features/feedback/components/feedback-summary-card';
import { programQueryOptions } from '../../../features/programs/api/get-program-view';
import { EffortPainChart } from '../../../features/progress/components/effort-pain-chart';
import '../../../features/feedback/components/exercise-feedback.css';
import { translateText } from '../../../lib/i18n/translated-resolver';
import { useSession } from '../../../lib/session';

/**
 * /exercise/:exerciseId/feedback: every entry a client gave for one exercise, newest first, with a summary. The
 * client is named above the exercise (from its program); should the program not load, the page goes on without it.
 */
export function ExerciseFeedbackPage() {
  const { exerciseId = '' } = useParams();
  const exercise = useExercise(exerciseId);
  const feedback = useExerciseFeedback(exerciseId);
  const programId = exercise.data?.program ?? 0;
  const program = useQuery({ ...programQueryOptions(programId), enabled: programId > 0 });
  useLogFailure(program.error, 'Failed to load the program of the feedback history');
  const summary = useMemo(() => summarizeFeedback(feedback.data ?? []), [feedback.data]);
  const onMediaError = useMediaRefresh(feedback);
  const { t } = useLingui();
  // The care team answers from here; staff do not read messages.
  const { user } = useSession();

  const pending = exercise.isPending || feedback.isPending || (exercise.isSuccess && program.isPending);
  if (pending || exercise.isError || feedback.isError) {
    return (
      <section className="exercise-feedback">
        <title>{t`Exercise Feedback | Home Exercise Program`}</title>
        {pending ? (
          <LoadingText />
        ) : (
          <Alert variant="danger">
            <Trans>Failed to load exercise feedback.</Trans>
          </Alert>
        )}
      </section>
    );
  }

  const entries = feedback.data;
  const client = program.data ? { id: program.data.client.id, name: program.data.client_name } : null;
  return (
    <section className="exercise-feedback">
      <Link
        to={`/program/${exercise.data.program}`}
        className="d-inline-flex align-items-center gap-2 fw-semibold text-decoration-none py-2 mb-2"
      >
        <ArrowLeft aria-hidden="true" className="flip-rtl" />
        <Trans>Back to Program</Trans>
      </Link>
      {client ? (
        <p className="mb-1">
          <Link
            to={`/client/${client.id}`}
            className="d-inline-flex align-items-center gap-2 fw-semibold text-decoration-none py-2"
          >
            <PersonFill aria-hidden="true" />
            {client.name}
          </Link>
        </p>
      ) : null}
      <PageTitle title={exercise.data.name} className="h2 mb-1 text-break" />
      <p className="d-flex flex-wrap gap-2 text-body-secondary mb-4">
        {exercise.data.discipline ? (
          <>
            <span>{translateText(exercise.data.discipline)}</span>
            <span aria-hidden="true">·</span>
          </>
        ) : null}
        <span>{entryCount(entries.length)}</span>
      </p>
      {entries.length === 0 ? (
        <p className="card card-body">
          <Trans>No feedback has been submitted for this exercise yet.</Trans>
        </p>
      ) : (
        <>
          <FeedbackSummaryCard summary={summary} />
          <EffortPainChart
            entries={entries}
            exerciseName={exercise.data.name}
            clientName={client?.name ?? null}
          />
          <h2 className="h4 mb-3">
            <Trans>Entries</Trans>
          </h2>
          {entries.some(hasFeedbackMedia) ? null : (
            <p className="text-body-secondary">
              <Trans>No photo or video was sent with any of these entries.</Trans>
            </p>
          )}
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {entries.map((entry) => (
              <FeedbackEntryCard
                key={entry.id}
                entry={entry}
                exerciseName={exercise.data.name}
                onMediaError={onMediaError}
                replyTo={
                  client && user?.is_therapist
                    ? `/client/${client.id}/messages?program=${exercise.data.program}&exercise=${exercise.data.id}&day=${entry.date_completed}`
                    : null
                }
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
