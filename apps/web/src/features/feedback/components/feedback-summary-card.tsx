import { formatFeedbackDate } from '../utils/feedback-format';
import type { FeedbackSummary } from '../utils/feedback-summary';

/** First entry, average effort (rated entries, 1 decimal) and latest entry. */
export function FeedbackSummaryCard({ summary }: { summary: FeedbackSummary }) {
  return (
    <section className="card mb-4" aria-labelledby="feedback-summary-heading">
      <div className="card-body">
        <h2 id="feedback-summary-heading" className="h5 card-title">
          Summary
        </h2>
        <dl className="feedback-summary mb-0">
          <div>
            <dt>First entry</dt>
            <dd>{summary.firstDate ? formatFeedbackDate(summary.firstDate) : '--'}</dd>
          </div>
          <div>
            <dt>Average effort</dt>
            <dd>{summary.averageEffort ? `${summary.averageEffort}/10` : 'N/A'}</dd>
          </div>
          <div>
            <dt>Latest entry</dt>
            <dd>{summary.latestDate ? formatFeedbackDate(summary.latestDate) : '--'}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
