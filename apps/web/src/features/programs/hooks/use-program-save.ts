import { type RefObject, useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { isAbortError } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { todayIso } from '../../../lib/calendar-date';
import type { ExerciseMediaKind } from '../../../lib/exercise-content';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useNavigateAfterSave } from '../../../lib/navigate-after-save';
import { programQueryOptions } from '../api/get-program-view';
import { useSaveProgram } from '../api/save-program';
import { saveFailureText } from '../components/program-form-errors';
import {
  duplicateNameIssues,
  publishIssues,
  serverFieldIssues,
  serverFieldPath,
} from '../components/program-form-validation';
import {
  buildProgramSaveBody,
  type ProgramFormMode,
  type ProgramFormValues,
} from '../components/program-form-values';
import { useBeforeLogout } from './use-before-logout';
import { useFocusFirstInvalid } from './use-focus-first-invalid';
import { useLiveChecks } from './use-live-checks';

/** `checks`: the publish checks' notice, which goes once every problem is fixed. */
export type ProgramFormNotice = { kind: 'success' | 'danger' | 'info'; text: string; checks?: true };
/** A file's message, by the exercise's useFieldArray key and the kind of file. */
export type ProgramFileErrors = Record<string, Partial<Record<ExerciseMediaKind, string>>>;
type SaveTrigger = 'button' | 'logout';

interface UseProgramSaveInput {
  methods: UseFormReturn<ProgramFormValues>;
  /** The exercises' useFieldArray keys, in the form's order. */
  fieldKeys: readonly string[];
  formRef: RefObject<HTMLFormElement | null>;
  mode: ProgramFormMode;
  clientId: number;
  /** Edit: the program and the version the form loaded (a save against an older one answers 409). */
  programId?: number;
  version?: number;
}

/**
 * The program form's save (docs/product/programs-and-exercises.md#saving): the checks before it, the one request
 * with its upload progress, and what the form shows after it: the notice, messages on fields and files, the first
 * problem focused, then the program opened for today. A logout on inactivity saves unsaved work as a draft first.
 */
export function useProgramSave(input: UseProgramSaveInput) {
  const { methods, fieldKeys, formRef, mode, clientId, programId, version } = input;
  const save = useSaveProgram();
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const { getValues, setError } = methods;
  const { isDirty } = methods.formState;
  const [notice, setNotice] = useState<ProgramFormNotice | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [savedProgramId, setSavedProgramId] = useState<number | null>(null);
  const [fileErrors, setFileErrors] = useState<ProgramFileErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  // The version this form's save replaces. A background refetch must not move it (an old form would silently
  // overwrite a newer save); after a 409 it moves to the latest version, so saving again replaces it knowingly.
  const [baseVersion, setBaseVersion] = useState(version);
  const publishTried = useRef(false);
  const savingRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);

  const action = mode === 'edit' ? 'program update' : 'program creation';
  const saved = savedProgramId !== null;
  useUnsavedChanges(isDirty && !saved, t`You have unsaved changes. Are you sure you want to leave?`);

  // After a save: show the server's message, then open the program for today.
  useNavigateAfterSave(savedProgramId === null ? null : `/program/${savedProgramId}?date=${todayIso()}`);

  useFocusFirstInvalid(formRef, focusRequest);

  const clearChecksNotice = useCallback(() => setNotice((current) => (current?.checks ? null : current)), []);
  const { applyIssues } = useLiveChecks(methods, publishTried, clearChecksNotice);

  const setFileError = (key: string, kind: ExerciseMediaKind, message: string | null) =>
    setFileErrors((current) => ({ ...current, [key]: { ...current[key], [kind]: message ?? undefined } }));

  /** The failed save's text; a 400's field and file messages go on the form, a 409 moves to the latest version. */
  async function failureText(error: unknown, sentIndexes: number[]): Promise<string> {
    let exerciseFailed = false;
    if (isApiError(error) && error.status === 400) {
      const paths = setServerFieldErrors(setError, error, (key) => serverFieldPath(key, sentIndexes), {
        type: 'server',
      });
      const { fileIssues } = serverFieldIssues(error.fields, sentIndexes);
      for (const file of fileIssues) {
        const key = fieldKeys[file.index];
        if (key) setFileError(key, file.kind, file.message);
      }
      exerciseFailed = fileIssues.length > 0 || paths.some((path) => path.startsWith('exercises.'));
      if (paths.length > 0 || fileIssues.length > 0) setFocusRequest((n) => n + 1);
    }
    const text = saveFailureText(error, action, exerciseFailed);
    if (!isApiError(error) || error.status !== 409 || programId === undefined) return text;
    const latest = await queryClient
      .fetchQuery({ ...programQueryOptions(programId), staleTime: 0 })
      .catch(() => null);
    if (!latest) return text;
    setBaseVersion(latest.version);
    return t`${text} Your changes are still here: save again to replace the other version with yours.`;
  }

  async function runSave(isDraft: boolean, trigger: SaveTrigger) {
    if (savingRef.current || saved) return;
    const values = getValues();
    if (!isDraft) {
      publishTried.current = true;
      const issues = publishIssues(values);
      applyIssues(values, issues);
      if (issues.length > 0) {
        setNotice({
          kind: 'danger',
          text: t`Please complete all required fields before publishing.`,
          checks: true,
        });
        setFocusRequest((n) => n + 1);
        return;
      }
    } else if (duplicateNameIssues(values).length > 0) {
      if (trigger === 'logout') setNotice({ kind: 'danger', text: t`Failed to save draft before logout` });
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
    setNotice(trigger === 'logout' ? { kind: 'info', text: t`Saving draft before logout...` } : null);
    try {
      const result = await save.mutateAsync({
        programId: mode === 'edit' ? programId : undefined,
        body,
        signal: controller.signal,
        onProgress: hasFiles ? (p) => setProgress(p.percent) : undefined,
      });
      if (trigger === 'logout') {
        setNotice({ kind: 'success', text: t`Draft saved successfully before logout` });
      } else {
        setNotice({ kind: 'success', text: result.message });
        setSavedProgramId(result.id);
      }
    } catch (error) {
      if (isAbortError(error)) setNotice({ kind: 'info', text: t`Upload cancelled. Nothing was saved.` });
      else if (trigger === 'logout')
        setNotice({ kind: 'danger', text: t`Failed to save draft before logout` });
      else setNotice({ kind: 'danger', text: await failureText(error, sentIndexes) });
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

  return {
    notice,
    saving,
    saved,
    progress,
    fileErrors,
    setFileError,
    saveDraft: () => void runSave(true, 'button'),
    publish: () => void runSave(false, 'button'),
    cancelUpload: () => abortRef.current?.abort(),
  };
}
