import './effort-picker.css';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { EFFORT_MAX, effortBand } from '@hep/shared/domain/effort';
import { EffortFace } from '../../../components/ui/effort-face';
import type { TEffortFieldProps } from '../../../lib/answer-fields';
import { EFFORT_LEVEL_TEXT } from '../../../lib/effort-level-words';
import { EFFORT_BAND_TEXT } from '../utils/effort-words';
import { revealChoice } from '../utils/reveal-choice';

/** Only real ratings: 0 means "not rated" (docs/product/feedback-and-progress.md#effort) and is the API's alone. */
const RATINGS = Array.from({ length: EFFORT_MAX }, (_, n) => n + 1);

/** What the line under the scale says: the chosen level in words, or what the two ends mean. */
export function effortScaleLine(value: number | null): string {
  if (value === null || value < 1 || value > EFFORT_MAX) {
    const lowest = i18n._(EFFORT_LEVEL_TEXT[1]!);
    const highest = i18n._(EFFORT_LEVEL_TEXT[EFFORT_MAX]!);
    return i18n._(msg`1 = ${lowest}, 10 = ${highest}`);
  }
  const words = i18n._(EFFORT_LEVEL_TEXT[value]!);
  return i18n._(msg`${value} = ${words}`);
}

/**
 * Effort as ten one-tap cards, 1 to 10 (docs/product/feedback-and-progress.md#effort): real radio buttons (one tab
 * stop, arrow keys move and choose), nothing chosen until the client picks. Each card shows its number and its own
 * face in its band's colour; the words are said with it and shown under the scale for the chosen level (and on the
 * cards themselves where there is room). Shared by the guided session and the program view's day.
 */
export function EffortPicker({ name, value, error, disabled, onChange, firstRef }: TEffortFieldProps) {
  const { t } = useLingui();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="effort-picker"
      role="radiogroup"
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="feedback-legend">
        <Trans>Effort: how hard was it?</Trans>
      </legend>
      {error ? (
        <p id={errorId} className="invalid-feedback d-block mb-2">
          {error}
        </p>
      ) : null}
      <div className="effort-options">
        {RATINGS.map((rating) => {
          const band = effortBand(rating);
          const id = `${name}-${rating}`;
          const words = t(EFFORT_LEVEL_TEXT[rating]!);
          const bandWords = t(EFFORT_BAND_TEXT[band]);
          return (
            <div key={rating} className={`effort-option effort-option-${band}`}>
              <input
                ref={rating === 1 ? firstRef : undefined}
                type="radio"
                className="effort-input"
                id={id}
                name={name}
                value={rating}
                checked={value === rating}
                disabled={disabled}
                onChange={(event) => {
                  onChange(rating);
                  revealChoice(event, '.effort-option');
                }}
              />
              <label htmlFor={id} className="effort-label">
                <span className="effort-number">{rating}</span>
                <EffortFace rating={rating} className="effort-face" />
                {/* The words are always in the name; they show on the card only where it has room. */}
                <span className="visually-hidden">{` ${t`${words} (${bandWords})`}`}</span>
                <span className="effort-words" aria-hidden="true">
                  {words}
                </span>
              </label>
            </div>
          );
        })}
      </div>
      {/* Seen, not heard: the checked radio's own name already says its words. */}
      <p className="effort-scale-line" aria-hidden="true">
        {effortScaleLine(value)}
      </p>
    </fieldset>
  );
}
