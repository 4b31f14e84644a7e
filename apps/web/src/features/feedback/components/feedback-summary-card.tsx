import { Trans } from '@lingui/react/macro';
import { formatFeedbackDate } from '../utils/feedback-format';
import type { FeedbackSummary } from '../utils/feedback-summary';

/** First entry, average effort (rated entries, 1 decimal) and latest entry. */
export function FeedbackSummaryCard({ summary }: { summary: FeedbackSummary }) {
  return (
    <section className="card mb-4" aria-labelledby="feedback-summary-heading">
      <div className="card-body">
        <h2 id="feedback-summary-heading" className="h5 card-title">
          <Trans>Summary</Trans>
        </h2>
        <dl className="feedback-summary mb-0">
          <div>
            <dt>
              <Trans>First entry</Trans>
            </dt>
            <dd>{summary.firstDate ? formatFeedbackDate(summary.firstDate) : '--'}</dd>
          </div>
          <div>
            <dt>
              <Trans>Average effort</Trans>
            </dt>
            <dd>{summary.averageEffort ? `${summary.averageEffort}/10` : <Trans>N/A</Trans>}</dd>
          </div>
          <div>
            <dt>
              <Trans>Latest entry</Trans>
            </dt>
            <dd>{summary.latestDate ? formatFeedbackDate(summary.latestDate) : '--'}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
