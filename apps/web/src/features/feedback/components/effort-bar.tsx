import './feedback-ui.css';
import { useId } from 'react';
import { EFFORT_EMOJI, EFFORT_MAX, effortBand, effortWidth } from '@hep/shared/domain/effort';

/**
 * A feedback's effort as a 0-10 bar with its number (docs/product/feedback-and-progress.md#effort): width rating
 * x 10 %, green for 3 or less, amber for 4-7, red for 8 or more, and the band's emoji with words for screen readers.
 * 0 means "not rated".
 */
export function EffortBar({ rating }: { rating: number }) {
  const labelId = useId();
  const rated = rating > 0;
  const band = effortBand(rating);
  const emoji = EFFORT_EMOJI[band];
  return (
    <div className="effort-bar mb-3">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-1">
        <span id={labelId} className="fw-semibold">
          Effort
        </span>
        <span className="d-inline-flex align-items-center gap-2">
          {rated ? (
            <>
              <span aria-hidden="true" className="effort-emoji">
                {emoji.emoji}
              </span>
              <span className="visually-hidden">{emoji.label}</span>
            </>
          ) : null}
          <span className="fw-semibold">
            {rating}/{EFFORT_MAX}
            {rated ? null : ' (not rated)'}
          </span>
        </span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuenow={rating}
        aria-valuemin={0}
        aria-valuemax={EFFORT_MAX}
        aria-valuetext={rated ? `${rating} out of ${EFFORT_MAX}, ${emoji.label}` : 'Not rated'}
      >
        <div className={`progress-bar bg-${band}`} style={{ width: `${effortWidth(rating)}%` }} />
      </div>
    </div>
  );
}
