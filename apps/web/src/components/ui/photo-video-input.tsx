import './photo-video-input.css';
import { useEffect, useImperativeHandle, useRef, type ChangeEvent, type Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, CameraVideo, PlusCircle, XLg } from 'react-bootstrap-icons';
import { checkPhotoOrVideo, formatFileSize, PHOTO_OR_VIDEO_ACCEPT } from '../../lib/media-file';

interface PhotoVideoInputProps {
  id: string;
  ref?: Ref<HTMLInputElement>;
  file: File | null;
  /** Whether the entry already has a photo or video (a new file replaces it). */
  hasCurrent: boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (file: File | null, error: string | null) => void;
  /** The session's screen: the button only, the hint said rather than shown (the error says it all too). */
  compact?: boolean;
}

/** A picked photo's preview, drawn from the file itself (nothing is sent until the form is). */
function PhotoPreview({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} alt="" className="media-input-preview" />;
}

/**
 * The optional photo or video (docs/product/feedback-and-progress.md#feedback-form): a button like the app's others
 * (the browser's file field, unseen over it, does the choosing), checked at once (type, 50 MB) with the message under it,
 * then what was picked: its name and size, a preview of a photo, and Remove.
 */
export function PhotoVideoInput(props: PhotoVideoInputProps) {
  const { id, ref, file, hasCurrent, error, disabled, onChange, compact = false } = props;
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current!, []);
  const hintId = `${id}-hint`;
  const pickedId = `${id}-picked`;
  const errorId = `${id}-error`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkPhotoOrVideo(chosen) : null;
    if (problem) event.target.value = '';
    onChange(problem ? null : chosen, problem);
  };

  const remove = () => {
    if (input.current) input.current.value = '';
    onChange(null, null);
    input.current?.focus();
  };

  const describedBy = [hintId, file ? pickedId : null, error ? errorId : null].filter(Boolean).join(' ');
  const Icon = file?.type.startsWith('video/') ? CameraVideo : Camera;
  const fileName = file?.name ?? '';
  const fileSize = file ? formatFileSize(file.size) : '';
  return (
    <div className={`media-input${compact ? ' media-input-compact' : ''}`}>
      {/* The field lies over its button: a tap or a click anywhere on the button is on the field itself. */}
      <span className="media-input-pick">
        <input
          ref={input}
          id={id}
          type="file"
          accept={PHOTO_OR_VIDEO_ACCEPT}
          className="media-input-file"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          onChange={choose}
        />
        <label htmlFor={id} className="btn btn-outline-primary media-input-button">
          {compact ? <PlusCircle aria-hidden="true" size={20} /> : <Camera aria-hidden="true" size={20} />}
          {compact ? (
            <Trans>Photo or video</Trans>
          ) : file ? (
            <Trans>Change the photo or video</Trans>
          ) : (
            <Trans>Add a photo or video</Trans>
          )}
        </label>
      </span>
      <p id={hintId} className={compact ? 'visually-hidden' : 'form-text mt-1 mb-0'}>
        <Trans>A JPEG, PNG or GIF photo, or an MP4, AVI or MOV video, up to 50 MB.</Trans>
      </p>
      <div className="media-input-picked-slot" aria-live="polite">
        {file ? (
          <div id={pickedId} className="media-input-picked">
            {file.type.startsWith('image/') ? (
              <PhotoPreview file={file} />
            ) : (
              <Icon aria-hidden="true" size={32} className="media-input-preview-icon" />
            )}
            <p className="media-input-name">
              {hasCurrent
                ? t`Selected: ${fileName} (${fileSize}). It replaces the current one.`
                : t`Selected: ${fileName} (${fileSize})`}
            </p>
            <button
              type="button"
              className="btn btn-link media-input-remove"
              onClick={remove}
              disabled={disabled}
            >
              <XLg aria-hidden="true" size={18} />
              <Trans>
                Remove<span className="visually-hidden"> {fileName}</span>
              </Trans>
            </button>
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="invalid-feedback d-block mb-0">
          {error}
        </p>
      ) : null}
    </div>
  );
}
