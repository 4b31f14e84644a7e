import './feedback-ui.css';
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EFFORT_EMOJI, EFFORT_MAX, effortBand, effortWidth } from '@hep/shared/domain/effort';
import { EFFORT_BAND_TEXT } from '../utils/effort-words';

/**
 * A feedback's effort as a 0-10 bar with its number (docs/product/feedback-and-progress.md#effort): width rating
 * x 10 %, green for 3 or less, amber for 4-7, red for 8 or more, and the band's emoji with words for screen readers.
 * 0 means "not rated".
 */
export function EffortBar({ rating }: { rating: number }) {
  const { t } = useLingui();
  const labelId = useId();
  const rated = rating > 0;
  const band = effortBand(rating);
  const emoji = EFFORT_EMOJI[band].emoji;
  const bandWords = t(EFFORT_BAND_TEXT[band]);
  return (
    <div className="effort-bar mb-3">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-1">
        <span id={labelId} className="fw-semibold">
          <Trans>Effort</Trans>
        </span>
        <span className="d-inline-flex align-items-center gap-2">
          {rated ? (
            <>
              <span aria-hidden="true" className="effort-emoji">
                {emoji}
              </span>
              <span className="visually-hidden">{bandWords}</span>
            </>
          ) : null}
          <span className="fw-semibold">
            {rated ? (
              `${rating}/${EFFORT_MAX}`
            ) : (
              <Trans>
                {rating}/{EFFORT_MAX} (not rated)
              </Trans>
            )}
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
        aria-valuetext={rated ? t`${rating} out of ${EFFORT_MAX}, ${bandWords}` : t`Not rated`}
      >
        <div className={`progress-bar bg-${band}`} style={{ width: `${effortWidth(rating)}%` }} />
      </div>
    </div>
  );
}
