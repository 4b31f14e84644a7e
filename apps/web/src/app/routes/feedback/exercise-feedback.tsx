import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import { ArrowLeft } from 'react-bootstrap-icons';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { useMediaRefresh } from '../../../lib/use-media-refresh';
import { useExercise } from '../../../features/feedback/api/get-exercise';
import { useExerciseFeedback } from '../../../features/feedback/api/get-exercise-feedback';
import { entryCount, summarizeFeedback } from '../../../features/feedback/utils/feedback-summary';
import { FeedbackEntryCard } from '../../../features/feedback/components/feedback-entry-card';
import { FeedbackSummaryCard } from '../../../features/feedback/components/feedback-summary-card';
import { EffortPainChart } from '../../../features/progress/components/effort-pain-chart';
import '../../../features/feedback/components/exercise-feedback.css';

/** /exercise/:exerciseId/feedback: every entry a client gave for one exercise, newest first, with a summary. */
export function ExerciseFeedbackPage() {
  const { exerciseId = '' } = useParams();
  const exercise = useExercise(exerciseId);
  const feedback = useExerciseFeedback(exerciseId);
  const summary = useMemo(() => summarizeFeedback(feedback.data ?? []), [feedback.data]);
  const onMediaError = useMediaRefresh(feedback);

  const pending = exercise.isPending || feedback.isPending;
  if (pending || exercise.isError || feedback.isError) {
    return (
      <section className="exercise-feedback">
        <title>{`Exercise Feedback | ${MESSAGES.appName}`}</title>
        {pending ? <LoadingText /> : <Alert variant="danger">{MESSAGES.feedbackHistoryFailed}</Alert>}
      </section>
    );
  }

  const entries = feedback.data;
  return (
    <section className="exercise-feedback">
      <Link
        to={`/program/${exercise.data.program}`}
        className="d-inline-flex align-items-center gap-2 fw-semibold text-decoration-none py-2 mb-2"
      >
        <ArrowLeft aria-hidden="true" />
        {MESSAGES.backToProgram}
      </Link>
      <PageTitle title={exercise.data.name} className="h2 mb-1 text-break" />
      <p className="d-flex flex-wrap gap-2 text-body-secondary mb-4">
        {exercise.data.discipline ? (
          <>
            <span>{exercise.data.discipline}</span>
            <span aria-hidden="true">·</span>
          </>
        ) : null}
        <span>{entryCount(entries.length)}</span>
      </p>
      {entries.length === 0 ? (
        <p className="card card-body">{MESSAGES.feedbackHistoryEmpty}</p>
      ) : (
        <>
          <FeedbackSummaryCard summary={summary} />
          <EffortPainChart entries={entries} exerciseName={exercise.data.name} />
          <h2 className="h4 mb-3">Entries</h2>
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {entries.map((entry) => (
              <FeedbackEntryCard
                key={entry.id}
                entry={entry}
                exerciseName={exercise.data.name}
                onMediaError={onMediaError}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
