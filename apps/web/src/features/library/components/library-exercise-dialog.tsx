import { useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { FormProvider, useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { DosageFormFields } from '../../../components/ui/dosage-fields';
import { ExerciseMediaFormField } from '../../../components/ui/exercise-media-field';
import { FormField, describedBy } from '../../../components/ui/form-field';
import { FormResult } from '../../../components/ui/form-result';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { isAbortError } from '../../../lib/api-client';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { EXERCISE_MEDIA_KINDS, type ExerciseMediaKind } from '../../../lib/exercise-content';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useSaveLibraryExercise } from '../api/save-library-exercise';
import { LibraryTranslationsFields } from './library-translations-fields';
import {
  buildLibraryBody,
  libraryFieldPath,
  type LibraryFormValues,
  libraryFormValues,
} from '../utils/library-form-values';
import { ModalHeader } from '../../../components/ui/modal-header';

interface LibraryExerciseDialogProps {
  /** The item to edit; absent: a new one. */
  item?: TLibraryExercise;
  onClose: () => void;
  /** After a save, with what to tell the therapist. */
  onSaved: (message: string) => void;
}

function LibraryExerciseForm({ item, onClose, onSaved }: LibraryExerciseDialogProps) {
  const editing = item !== undefined;
  const save = useSaveLibraryExercise();
  const methods = useForm<LibraryFormValues>({ defaultValues: libraryFormValues(item) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = methods;
  const [fileErrors, setFileErrors] = useState<Partial<Record<ExerciseMediaKind, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { t } = useLingui();
  useUnsavedChanges(isDirty && !save.isSuccess);

  const submit = async (values: LibraryFormValues) => {
    const { body, hasFiles } = buildLibraryBody(values, editing);
    const controller = new AbortController();
    abortRef.current = controller;
    setFailure(null);
    setProgress(hasFiles ? 0 : null);
    try {
      await save.mutateAsync({
        id: item?.id,
        body,
        signal: controller.signal,
        onProgress: hasFiles ? (p) => setProgress(p.percent) : undefined,
      });
      const name = values.name.trim();
      onSaved(editing ? t`Changes saved.` : t`${name} is in your library now.`);
    } catch (error) {
      if (isAbortError(error)) {
        setFailure(t`Upload cancelled. Nothing was saved.`);
        return;
      }
      if (isApiError(error) && error.status === 400) {
        setServerFieldErrors(setError, error, libraryFieldPath, { shouldFocus: true });
        setFileErrors({ image: error.fields.image, video: error.fields.video });
      }
      setFailure(errorMessage(error, t`The exercise could not be saved. Please try again.`));
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  };

  const instructionsError = errors.instructions?.message;
  return (
    <FormProvider {...methods}>
      <form
        onSubmit={(event) => void handleSubmit(submit)(event)}
        noValidate
        aria-label={editing ? t`Edit exercise` : t`Add exercise`}
      >
        <Modal.Body>
          <TextField
            id="library-exercise-name"
            label={t`Exercise Name`}
            aria-required="true"
            autoComplete="off"
            error={errors.name?.message}
            {...register('name', {
              validate: (name) => (name.trim() ? true : t`Exercise name is required`),
            })}
          />
          <FormField id="library-exercise-instructions" label={t`Instructions`} error={instructionsError}>
            <textarea
              id="library-exercise-instructions"
              rows={4}
              className={`form-control${instructionsError ? ' is-invalid' : ''}`}
              aria-invalid={instructionsError ? true : undefined}
              aria-describedby={describedBy('library-exercise-instructions', { error: instructionsError })}
              {...register('instructions')}
            />
          </FormField>
          <TextField
            id="library-exercise-tags"
            label={t`Tags`}
            hint={t`Words to find it by, with commas between them. For example: balance, standing`}
            autoComplete="off"
            error={errors.tags?.message}
            {...register('tags')}
          />
          <LibraryTranslationsFields idPrefix="library-exercise" />
          <DosageFormFields idPrefix="library-exercise" name="dosage" />
          {EXERCISE_MEDIA_KINDS.map((kind) => (
            <ExerciseMediaFormField
              key={kind}
              name={kind}
              id={`library-exercise-${kind}`}
              kind={kind}
              wording="library"
              error={fileErrors[kind]}
              onErrorChange={(message) =>
                setFileErrors((current) => ({ ...current, [kind]: message ?? undefined }))
              }
            />
          ))}
          {progress !== null ? (
            <UploadProgress percent={progress} onCancel={() => abortRef.current?.abort()} />
          ) : null}
          <FormResult result={failure ? { kind: 'error', text: failure } : null} />
        </Modal.Body>
        <ModalFormFooter
          onCancel={onClose}
          label={editing ? t`Save Changes` : t`Add Exercise`}
          busyLabel={t`Saving...`}
          busy={save.isPending}
          disabled={save.isSuccess}
        />
      </form>
    </FormProvider>
  );
}

/** Add exercise and Edit exercise of the Library page: one dialog, a new form each time it opens. */
export function LibraryExerciseDialog({ show, ...props }: LibraryExerciseDialogProps & { show: boolean }) {
  return (
    <Modal
      show={show}
      onHide={props.onClose}
      size="lg"
      fullscreen="sm-down"
      aria-labelledby="library-exercise-title"
    >
      <ModalHeader closeButton>
        <Modal.Title id="library-exercise-title" as="h2" className="h4">
          {props.item ? <Trans>Edit exercise</Trans> : <Trans>Add exercise</Trans>}
        </Modal.Title>
      </ModalHeader>
      <LibraryExerciseForm key={props.item?.id ?? 'new'} {...props} />
    </Modal>
  );
}
