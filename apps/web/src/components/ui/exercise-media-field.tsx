import { useRef, type ChangeEvent } from 'react';
import { XLg } from 'react-bootstrap-icons';
import { useController } from 'react-hook-form';
import { LIMITS } from '@hep/shared/limits';
import { EXERCISE_IMAGE_ACCEPT, EXERCISE_VIDEO_ACCEPT } from '@hep/shared/schemas/programs';
import type { ExerciseMediaKind, ExerciseMediaValue } from '../../lib/exercise-content';
import { checkExerciseFile, formatFileSize } from '../../lib/media-file';
import { describedBy, FormField } from './form-field';
import './exercise-media.css';

const VIDEO_LABEL = `Video (Max ${LIMITS.videoLabelSeconds} seconds)`;

// The program form keeps the original app's words ("Image", "Keep existing image":
// docs/product/programs-and-exercises.md#program-form); the library's are plainer.
const WORDING = {
  program: {
    image: { label: 'Image', current: 'Current image', keep: 'Keep existing image', noun: 'image' },
    video: { label: VIDEO_LABEL, current: 'Current video', keep: 'Keep existing video', noun: 'video' },
    /** Whether the chosen file's line says it replaces the current one. */
    saysReplaces: true,
  },
  library: {
    image: { label: 'Photo', current: 'Current photo', keep: 'Keep this photo', noun: 'photo' },
    video: { label: VIDEO_LABEL, current: 'Current video', keep: 'Keep this video', noun: 'video' },
    saysReplaces: false,
  },
} as const;

export interface ExerciseMediaFieldProps {
  /** The file input's id; the Keep checkbox's is `${id}-keep`. */
  id: string;
  kind: ExerciseMediaKind;
  wording: keyof typeof WORDING;
  value: ExerciseMediaValue;
  onChange: (value: ExerciseMediaValue) => void;
  error: string | undefined;
  onErrorChange: (message: string | null) => void;
}

/**
 * An exercise's optional photo or video, the same in every form: the current one (a saved file or one reused by
 * reference) with its Keep box, and a file input whose choice is checked at once (type, 50 MB) with the message
 * under it, and a button to take the chosen file back.
 */
export function ExerciseMediaField({
  id,
  kind,
  wording,
  value,
  onChange,
  error,
  onErrorChange,
}: ExerciseMediaFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const text = WORDING[wording][kind];
  const current = value.current?.url ?? null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkExerciseFile(chosen, kind) : null;
    onErrorChange(problem);
    if (problem) event.target.value = '';
    onChange({ ...value, file: problem ? null : chosen });
  };

  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
    onErrorChange(null);
    onChange({ ...value, file: null });
    inputRef.current?.focus();
  };

  const replaces = WORDING[wording].saysReplaces && current && value.keep;
  const status = value.file
    ? `Selected: ${value.file.name} (${formatFileSize(value.file.size)})${replaces ? `. It replaces the current ${text.noun}.` : ''}`
    : null;

  return (
    <div>
      {current ? (
        <div className="mb-2">
          <p className="form-label fw-semibold mb-1">{text.current}</p>
          {kind === 'image' ? (
            <img className="exercise-media-preview" src={current} alt={text.current} loading="lazy" />
          ) : (
            <video
              className="exercise-media-preview"
              src={current}
              controls
              preload="metadata"
              playsInline
              aria-label={text.current}
            />
          )}
          <div className="form-check mt-2">
            <input
              id={`${id}-keep`}
              type="checkbox"
              className="form-check-input"
              checked={value.keep}
              onChange={(event) => onChange({ ...value, keep: event.target.checked })}
            />
            <label htmlFor={`${id}-keep`} className="form-check-label">
              {text.keep}
            </label>
          </div>
        </div>
      ) : null}
      <FormField id={id} label={text.label} hint="Optional" status={status} error={error}>
        {/* Uncontrolled: the File lives in the value, the input only picks it. */}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={kind === 'image' ? EXERCISE_IMAGE_ACCEPT : EXERCISE_VIDEO_ACCEPT}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: 'Optional', status, error })}
          onChange={choose}
        />
      </FormField>
      {value.file ? (
        <button type="button" className="btn btn-link exercise-media-clear" onClick={clear}>
          <XLg aria-hidden="true" />
          {`Remove selected ${text.noun}`}
        </button>
      ) : null}
    </div>
  );
}

/** The field bound to a react-hook-form value (an ExerciseMediaValue at `name`), inside the form's FormProvider. */
export function ExerciseMediaFormField({
  name,
  ...props
}: Omit<ExerciseMediaFieldProps, 'value' | 'onChange'> & { name: string }) {
  const { field } = useController({ name });
  return (
    <ExerciseMediaField {...props} value={field.value as ExerciseMediaValue} onChange={field.onChange} />
  );
}
