import { useRef, type ChangeEvent } from 'react';
import { XLg } from 'react-bootstrap-icons';
import { LIMITS } from '@hep/shared/limits';
import { EXERCISE_IMAGE_ACCEPT, EXERCISE_VIDEO_ACCEPT } from '@hep/shared/schemas/programs';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { formatFileSize } from '../../../lib/media-file';
import { checkLibraryFile, type LibraryMediaKind } from '../utils/library-files';
import type { LibraryMediaChoice } from '../utils/library-form-values';

const TEXT = {
  image: { label: 'Photo', current: 'Current photo', keep: 'Keep this photo' },
  video: {
    label: `Video (Max ${LIMITS.videoLabelSeconds} seconds)`,
    current: 'Current video',
    keep: 'Keep this video',
  },
} as const;

interface LibraryMediaFieldProps {
  kind: LibraryMediaKind;
  /** The item's current photo or video (edit), else null. */
  currentUrl: string | null;
  choice: LibraryMediaChoice;
  onChange: (choice: LibraryMediaChoice) => void;
  error: string | undefined;
  onErrorChange: (message: string | null) => void;
}

/** A photo or video of a library exercise: the current one with "Keep", and a file input checked at once. */
export function LibraryMediaField({
  kind,
  currentUrl,
  choice,
  onChange,
  error,
  onErrorChange,
}: LibraryMediaFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = `library-exercise-${kind}`;
  const text = TEXT[kind];

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkLibraryFile(chosen, kind) : null;
    onErrorChange(problem);
    if (problem) event.target.value = '';
    onChange({ ...choice, file: problem ? null : chosen });
  };

  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
    onErrorChange(null);
    onChange({ ...choice, file: null });
    inputRef.current?.focus();
  };

  const status = choice.file ? `Selected: ${choice.file.name} (${formatFileSize(choice.file.size)})` : null;

  return (
    <div>
      {currentUrl ? (
        <div className="mb-2">
          <p className="form-label fw-semibold mb-1">{text.current}</p>
          {kind === 'image' ? (
            <img className="library-media-preview" src={currentUrl} alt={text.current} />
          ) : (
            <video
              className="library-media-preview"
              src={currentUrl}
              controls
              preload="metadata"
              aria-label={text.current}
            />
          )}
          <div className="form-check mt-2">
            <input
              id={`${id}-keep`}
              type="checkbox"
              className="form-check-input"
              checked={choice.keep}
              onChange={(event) => onChange({ ...choice, keep: event.target.checked })}
            />
            <label htmlFor={`${id}-keep`} className="form-check-label">
              {text.keep}
            </label>
          </div>
        </div>
      ) : null}
      <FormField id={id} label={text.label} hint="Optional" status={status} error={error}>
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
      {choice.file ? (
        <button type="button" className="btn btn-link library-media-clear" onClick={clear}>
          <XLg aria-hidden="true" />
          {`Remove selected ${kind === 'image' ? 'photo' : 'video'}`}
        </button>
      ) : null}
    </div>
  );
}
