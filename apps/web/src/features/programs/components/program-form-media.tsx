import { useRef, type ChangeEvent } from 'react';
import { XLg } from 'react-bootstrap-icons';
import { useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '@hep/shared/limits';
import { EXERCISE_IMAGE_ACCEPT, EXERCISE_VIDEO_ACCEPT } from '@hep/shared/schemas/programs';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { formatFileSize } from '../../../lib/media-file';
import { checkExerciseFile, type ExerciseMediaKind } from './program-form-files';
import type { ProgramFormValues } from './program-form-values';

interface ProgramFormMediaProps {
  /** The exercise's stable key, for element ids. */
  fieldKey: string;
  index: number;
  kind: ExerciseMediaKind;
  error: string | undefined;
  onErrorChange: (message: string | null) => void;
}

const TEXT = {
  image: { label: 'Image', keep: 'Keep existing image', current: 'Current image', replace: 'image' },
  video: {
    label: `Video (Max ${LIMITS.videoLabelSeconds} seconds)`,
    keep: 'Keep existing video',
    current: 'Current video',
    replace: 'video',
  },
} as const;

/**
 * An exercise's optional image or video: the current one (edit, replicate) with "Keep existing ...", and a file
 * input whose choice is checked at once (type, 50 MB) with the message under it.
 */
export function ProgramFormMedia({ fieldKey, index, kind, error, onErrorChange }: ProgramFormMediaProps) {
  const { control, register, setValue } = useFormContext<ProgramFormValues>();
  const file = useWatch({ control, name: `exercises.${index}.${kind}` });
  const existingUrl = useWatch({ control, name: `exercises.${index}.existing_${kind}_url` });
  const keep = useWatch({ control, name: `exercises.${index}.keep_${kind}` });
  const inputRef = useRef<HTMLInputElement | null>(null);
  const id = `exercise-${fieldKey}-${kind}`;
  const text = TEXT[kind];

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkExerciseFile(chosen, kind) : null;
    onErrorChange(problem);
    if (problem) event.target.value = '';
    setValue(`exercises.${index}.${kind}`, problem ? null : chosen, { shouldDirty: true });
  };

  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
    onErrorChange(null);
    setValue(`exercises.${index}.${kind}`, null, { shouldDirty: true });
    inputRef.current?.focus();
  };

  const status = file
    ? `Selected: ${file.name} (${formatFileSize(file.size)})${existingUrl && keep ? `. It replaces the current ${text.replace}.` : ''}`
    : null;

  return (
    <div className="program-media">
      {existingUrl ? (
        <div className="mb-2">
          <p className="form-label fw-semibold mb-1">{text.current}</p>
          {kind === 'image' ? (
            <img className="program-media-preview" src={existingUrl} alt={text.current} loading="lazy" />
          ) : (
            <video
              className="program-media-preview"
              src={existingUrl}
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
              {...register(`exercises.${index}.keep_${kind}`)}
            />
            <label htmlFor={`${id}-keep`} className="form-check-label">
              {text.keep}
            </label>
          </div>
        </div>
      ) : null}
      <FormField id={id} label={text.label} hint="Optional" status={status} error={error}>
        {/* Not registered: the File lives in the form values (setValue), the input only picks it. */}
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
      {file ? (
        <button type="button" className="btn btn-link program-media-clear" onClick={clear}>
          <XLg aria-hidden="true" />
          {`Remove selected ${text.replace}`}
        </button>
      ) : null}
    </div>
  );
}
