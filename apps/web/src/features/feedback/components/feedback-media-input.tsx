import type { ChangeEvent, Ref } from 'react';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { formatFileSize } from '../../../lib/media-file';
import { checkFeedbackMedia, FEEDBACK_MEDIA_ACCEPT } from '../utils/feedback-form-state';

interface FeedbackMediaInputProps {
  id: string;
  ref?: Ref<HTMLInputElement>;
  file: File | null;
  /** Whether the entry already has a photo or video (a new file replaces it). */
  hasCurrent: boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (file: File | null, error: string | null) => void;
}

const HINT = 'A JPEG, PNG or GIF photo, or an MP4, AVI or MOV video, up to 50 MB.';

/** The optional photo or video, checked at once (type, 50 MB) with the message under it. */
export function FeedbackMediaInput({
  id,
  ref,
  file,
  hasCurrent,
  error,
  disabled,
  onChange,
}: FeedbackMediaInputProps) {
  const status = file
    ? `Selected: ${file.name} (${formatFileSize(file.size)})${hasCurrent ? '. It replaces the current one.' : ''}`
    : null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkFeedbackMedia(chosen) : null;
    if (problem) event.target.value = '';
    onChange(problem ? null : chosen, problem);
  };

  return (
    <FormField id={id} label="Photo or video (optional)" hint={HINT} status={status} error={error}>
      <input
        ref={ref}
        id={id}
        type="file"
        accept={FEEDBACK_MEDIA_ACCEPT}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: HINT, status, error })}
        disabled={disabled}
        onChange={choose}
      />
    </FormField>
  );
}
