import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PlusLg } from 'react-bootstrap-icons';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { MESSAGES } from '@hep/shared/messages';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { isAbortError } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { todayIso } from '../../../lib/calendar-date';
import type { ExerciseContentSource, ExerciseMediaKind } from '../../../lib/exercise-content';
import { programQueryOptions } from '../api/get-program-view';
import { useNavigateAfterSave } from '../../../lib/navigate-after-save';
import { useSaveProgram } from '../api/save-program';
import { useBeforeLogout } from '../hooks/use-before-logout';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { useLiveChecks } from '../hooks/use-live-checks';
import { saveFailureText } from './program-form-errors';
import { ProgramFormAddFromLibrary } from './program-form-add-from-library';
import { ProgramFormExercise } from './program-form-exercise';
import { ProgramFormSchedule } from './program-form-schedule';
import { RequiredMark } from './program-form-required-mark';
import {
  duplicateNameIssues,
  publishIssues,
  serverFieldIssues,
  serverFieldPath,
} from './program-form-validation';
import {
  blankExercise,
  buildProgramSaveBody,
  exerciseFromSource,
  isBlankNewExercise,
  type ProgramFormMode,
  type ProgramFormValues,
} from './program-form-values';
import './program-form.css';

interface ProgramFormProps {
  mode: ProgramFormMode;
  clientId: number;
  defaultValues: ProgramFormValues;
  /** Edit: the program and the version the form loaded (a save against an older one answers 409). */
  programId?: number;
  version?: number;
}

type Notice = { kind: 'success' | 'danger' | 'info'; text: string };
type FileErrors = Record<string, Partial<Record<ExerciseMediaKind, string>>>;
type SaveTrigger = 'button' | 'logout';

const LABELS: Record<ProgramFormMode, { draft: string; publish: string }> = {
  create: { draft: 'Save as Draft', publish: 'Publish Program' },
  replicate: { draft: 'Save as Draft', publish: 'Publish Program' },
  edit: { draft: 'Save Changes', publish: 'Update & Publish' },
};

/**
 * The program form (docs/product/programs-and-exercises.md#program-form): the program, its exercises and their media
 * saved in one request; a draft skips the field checks, a publish runs them all and shows the first problem.
 */
export function ProgramForm({ mode, clientId, defaultValues, programId, version }: ProgramFormProps) {
  const save = useSaveProgram();
  const methods = useForm<ProgramFormValues>({ defaultValues });
  const {
    control,
    register,
    getValues,
    setError,
    formState: { errors, isDirty },
  } = methods;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'exercises' });
  const exercises = useWatch({ control, name: 'exercises' });

  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [savedProgramId, setSavedProgramId] = useState<number | null>(null);
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  // The version this form's save replaces. A background refetch must not move it (an old form would silently
  // overwrite a newer save); after a 409 it moves to the latest version, so saving again replaces it knowingly.
  const [baseVersion, setBaseVersion] = useState(version);
  const queryClient = useQueryClient();
  const publishTried = useRef(false);
  const savingRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const action = mode === 'edit' ? 'program update' : 'program creation';
  const saved = savedProgramId !== null;
  const duplicates = useMemo(
    () => new Set(duplicateNameIssues({ exercises }).map((issue) => issue.path)),
    [exercises],
  );
  useUnsavedChanges(isDirty && !saved, MESSAGES.unsavedBodyForm);

  // After a save: show the server's message, then open the program for today.
  useNavigateAfterSave(savedProgramId === null ? null : `/program/${savedProgramId}?date=${todayIso()}`);

  useFocusFirstInvalid(formRef, focusRequest);

  const clearChecksNotice = useCallback(
    () => setNotice((current) => (current?.text === MESSAGES.completeRequiredFields ? null : current)),
    [],
  );
  const { applyIssues } = useLiveChecks(methods, publishTried, clearChecksNotice);

  const setFileError = (key: string, kind: ExerciseMediaKind, message: string | null) =>
    setFileErrors((current) => ({ ...current, [key]: { ...current[key], [kind]: message ?? undefined } }));

  async function runSave(isDraft: boolean, trigger: SaveTrigger) {
    if (savingRef.current || saved) return;
    const values = getValues();
    if (!isDraft) {
      publishTried.current = true;
      const issues = publishIssues(values);
      applyIssues(values, issues);
      if (issues.length > 0) {
        setNotice({ kind: 'danger', text: MESSAGES.completeRequiredFields });
        setFocusRequest((n) => n + 1);
        return;
      }
    } else if (duplicateNameIssues(values).length > 0) {
      if (trigger === 'logout') setNotice({ kind: 'danger', text: MESSAGES.draftSaveBeforeLogoutFailed });
      return;
    }

    const { body, sentIndexes, hasFiles } = buildProgramSaveBody({
      values,
      clientId,
      isDraft,
      version: mode === 'edit' ? baseVersion : undefined,
    });
    const controller = new AbortController();
    abortRef.current = controller;
    savingRef.current = true;
    setSaving(true);
    setProgress(hasFiles ? 0 : null);
    setNotice(trigger === 'logout' ? { kind: 'info', text: MESSAGES.savingDraftBeforeLogout } : null);
    try {
      const result = await save.mutateAsync({
        programId: mode === 'edit' ? programId : undefined,
        body,
        signal: controller.signal,
        onProgress: hasFiles ? (p) => setProgress(p.percent) : undefined,
      });
      if (trigger === 'logout') {
        setNotice({ kind: 'success', text: MESSAGES.draftSavedBeforeLogout });
      } else {
        setNotice({ kind: 'success', text: result.message });
        setSavedProgramId(result.id);
      }
    } catch (error) {
      if (isAbortError(error)) {
        setNotice({ kind: 'info', text: MESSAGES.uploadCancelled });
      } else if (trigger === 'logout') {
        setNotice({ kind: 'danger', text: MESSAGES.draftSaveBeforeLogoutFailed });
      } else {
        let exerciseFailed = false;
        if (isApiError(error) && error.status === 400) {
          const paths = setServerFieldErrors(setError, error, (key) => serverFieldPath(key, sentIndexes), {
            type: 'server',
          });
          const { fileIssues } = serverFieldIssues(error.fields, sentIndexes);
          for (const file of fileIssues) {
            const key = fields[file.index]?.id;
            if (key) setFileError(key, file.kind, file.message);
          }
          exerciseFailed = fileIssues.length > 0 || paths.some((path) => path.startsWith('exercises.'));
          if (paths.length > 0 || fileIssues.length > 0) setFocusRequest((n) => n + 1);
        }
        let text = saveFailureText(error, action, exerciseFailed);
        if (isApiError(error) && error.status === 409 && programId !== undefined) {
          const latest = await queryClient
            .fetchQuery({ ...programQueryOptions(programId), staleTime: 0 })
            .catch(() => null);
          if (latest) {
            setBaseVersion(latest.version);
            text = `${text} ${MESSAGES.conflictSaveAgain}`;
          }
        }
        setNotice({ kind: 'danger', text });
      }
    } finally {
      abortRef.current = null;
      savingRef.current = false;
      setSaving(false);
      setProgress(null);
    }
  }

  // Edit and replicate: the inactivity logout saves unsaved work as a draft first
  // (docs/product/programs-and-exercises.md#program-form).
  useBeforeLogout(mode !== 'create' && isDirty && !saved, () => void runSave(true, 'logout'));

  const removeExercise = (index: number) => {
    remove(index);
    addButtonRef.current?.focus();
  };

  // From the library, by reference: the still-empty first exercise of a new program makes way for it.
  const addFromLibrary = (item: ExerciseContentSource) => {
    const current = getValues('exercises');
    const added = exerciseFromSource(item);
    if (current.length === 1 && isBlankNewExercise(current[0]!)) replace([added]);
    else append(added, { shouldFocus: false });
  };

  const labels = LABELS[mode];
  const busy = saving || saved;

  return (
    <FormProvider {...methods}>
      <form
        ref={formRef}
        noValidate
        aria-label={
          mode === 'edit' ? 'Edit program' : mode === 'replicate' ? 'Replicate program' : 'Create program'
        }
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="card mb-4">
          <div className="card-body">
            <TextField
              id="program-name"
              label={
                <>
                  Program Name
                  <RequiredMark />
                </>
              }
              aria-required="true"
              autoComplete="off"
              error={errors.name?.message}
              className="form-control-lg"
              {...register('name')}
            />
          </div>
        </div>

        <h2 className="h4 mb-3">Exercises</h2>
        {fields.map((field, index) => (
          <ProgramFormExercise
            key={field.id}
            fieldKey={field.id}
            index={index}
            duplicate={duplicates.has(`exercises.${index}.name`)}
            fileErrors={fileErrors[field.id] ?? {}}
            onFileErrorChange={(kind, message) => setFileError(field.id, kind, message)}
            onRemove={() => removeExercise(index)}
          />
        ))}
        <div className="program-add-buttons mb-4">
          <Button
            ref={addButtonRef}
            variant="outline-primary"
            className="program-add"
            onClick={() => append(blankExercise(), { focusName: `exercises.${fields.length}.name` })}
          >
            <PlusLg aria-hidden="true" />
            Add An Exercise
          </Button>
          <ProgramFormAddFromLibrary onAdd={addFromLibrary} />
        </div>

        <ProgramFormSchedule />

        {progress !== null ? (
          <div className="card mb-3">
            <div className="card-body">
              <UploadProgress percent={progress} onCancel={() => abortRef.current?.abort()} />
            </div>
          </div>
        ) : null}
        {notice ? (
          <Alert variant={notice.kind} role={notice.kind === 'danger' ? 'alert' : 'status'} className="mb-3">
            {notice.text}
          </Alert>
        ) : null}
        <div className="program-actions">
          <Button
            variant="outline-primary"
            size="lg"
            disabled={busy || duplicates.size > 0}
            onClick={() => void runSave(true, 'button')}
          >
            {saving ? 'Saving...' : labels.draft}
          </Button>
          <Button variant="primary" size="lg" disabled={busy} onClick={() => void runSave(false, 'button')}>
            {saving ? 'Saving...' : labels.publish}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
