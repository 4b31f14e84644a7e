import type { Ref } from 'react';
import { EFFORT_EMOJI, EFFORT_LABELS, EFFORT_MAX, effortBand } from '@hep/shared/domain/effort';

interface EffortPickerProps {
  /** Names the radio group and the ids of its options; unique per exercise. */
  name: string;
  value: number | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (effort: number) => void;
  /** The first option, focused when the client is asked to choose. */
  firstRef?: Ref<HTMLInputElement>;
}

const RATINGS = Array.from({ length: EFFORT_MAX + 1 }, (_, rating) => rating);

/**
 * Effort 0 means "not rated" (docs/product/feedback-and-progress.md#effort); the accordion form's select shows its
 * placeholder there instead of a label.
 */
function labelOf(rating: number): string {
  return rating === 0 ? 'Not rated' : EFFORT_LABELS[rating]!;
}

/**
 * Effort as eleven large one-tap choices: real radio buttons (one tab stop, arrow keys move and choose), each
 * with its documented label (docs/product/feedback-and-progress.md#effort) and its band's colour and emoji; the band
 * is also said in words.
 */
export function EffortPicker({ name, value, error, disabled, onChange, firstRef }: EffortPickerProps) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="effort-picker mb-4" aria-describedby={error ? errorId : undefined}>
      <legend className="session-legend">Effort: how hard was it?</legend>
      {error ? (
        <p id={errorId} className="invalid-feedback d-block mb-2">
          {error}
        </p>
      ) : null}
      <div className="effort-options">
        {RATINGS.map((rating) => {
          const band = rating === 0 ? null : effortBand(rating);
          const id = `${name}-${rating}`;
          return (
            <div key={rating} className={`effort-option effort-option-${band ?? 'none'}`}>
              <input
                ref={rating === 0 ? firstRef : undefined}
                type="radio"
                className="effort-input"
                id={id}
                name={name}
                value={rating}
                checked={value === rating}
                disabled={disabled}
                onChange={() => onChange(rating)}
              />
              <label htmlFor={id} className="effort-label">
                <span className="effort-number">{rating}</span>
                <span className="effort-words">{labelOf(rating)}</span>
                {band ? (
                  <>
                    <span aria-hidden="true" className="effort-emoji">
                      {EFFORT_EMOJI[band].emoji}
                    </span>
                    <span className="visually-hidden">{`(${EFFORT_EMOJI[band].label})`}</span>
                  </>
                ) : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
