import { useRef, type ChangeEvent } from 'react';
import { XLg } from 'react-bootstrap-icons';
import { useController } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LIMITS } from '@hep/shared/limits';
import { EXERCISE_IMAGE_ACCEPT, EXERCISE_VIDEO_ACCEPT } from '@hep/shared/schemas/programs';
import type { ExerciseMediaKind, ExerciseMediaValue } from '../../lib/exercise-content';
import { checkExerciseFile, formatFileSize } from '../../lib/media-file';
import { describedBy, FormField } from './form-field';
import './exercise-media.css';

const seconds = LIMITS.videoLabelSeconds;
const VIDEO_LABEL = msg`Video (Max ${seconds} seconds)`;

interface TMediaWording {
  label: MessageDescriptor;
  current: MessageDescriptor;
  keep: MessageDescriptor;
  /** Takes the chosen file back. */
  remove: MessageDescriptor;
  /** Said after the chosen file when it replaces the current one; null where the form does not say it. */
  replaces: MessageDescriptor | null;
}

// The program form keeps the original app's words ("Image", "Keep existing image":
// docs/product/programs-and-exercises.md#program-form); the library's are plainer. Whole sentences per kind, so
// that a translator never has to fit a noun into someone else's sentence.
const WORDING: Record<'program' | 'library', Record<ExerciseMediaKind, TMediaWording>> = {
  program: {
    image: {
      label: msg`Image`,
      current: msg`Current image`,
      keep: msg`Keep existing image`,
      remove: msg`Remove selected image`,
      replaces: msg`It replaces the current image.`,
    },
    video: {
      label: VIDEO_LABEL,
      current: msg`Current video`,
      keep: msg`Keep existing video`,
      remove: msg`Remove selected video`,
      replaces: msg`It replaces the current video.`,
    },
  },
  library: {
    image: {
      label: msg`Photo`,
      current: msg`Current photo`,
      keep: msg`Keep this photo`,
      remove: msg`Remove selected photo`,
      replaces: null,
    },
    video: {
      label: VIDEO_LABEL,
      current: msg`Current video`,
      keep: msg`Keep this video`,
      remove: msg`Remove selected video`,
      replaces: null,
    },
  },
};

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
  const { t } = useLingui();
  const words = WORDING[wording][kind];
  const text = { current: t(words.current), keep: t(words.keep) };
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

  const replaces = words.replaces && current && value.keep ? t(words.replaces) : null;
  const name = value.file?.name;
  const size = value.file ? formatFileSize(value.file.size) : '';
  const status = !value.file
    ? null
    : replaces
      ? t`Selected: ${name} (${size}). ${replaces}`
      : t`Selected: ${name} (${size})`;
  const optional = t`Optional`;

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
      <FormField id={id} label={t(words.label)} hint={optional} status={status} error={error}>
        {/* Uncontrolled: the File lives in the value, the input only picks it. */}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={kind === 'image' ? EXERCISE_IMAGE_ACCEPT : EXERCISE_VIDEO_ACCEPT}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: optional, status, error })}
          onChange={choose}
        />
      </FormField>
      {value.file ? (
        <button type="button" className="btn btn-link exercise-media-clear" onClick={clear}>
          <XLg aria-hidden="true" />
          {t(words.remove)}
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
