import { type RefObject, useCallback, useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { endDateProblem } from '@hep/shared/domain/program-checks';
import { translateText } from '../../../lib/i18n/translated-resolver';
import {
  type ProgramFieldPath,
  type ProgramFormIssue,
  publishIssues,
} from '../components/program-form-validation';
import type { ProgramFormValues } from '../components/program-form-values';

/**
 * The program form's messages follow the typing: after a publish attempt (`publishTried`) every rule is re-checked
 * on each change, and `onAllClear` (keep it stable) runs once nothing is wrong; before it, only the end date is checked on change
 * (docs/product/programs-and-exercises.md#checks), and a field's server message goes once the field is edited.
 * Returns `applyIssues`, which shows exactly the given issues on the checked fields. The shared checks' messages are
 * English (their catalog ids) and are shown in the page's language.
 */
export function useLiveChecks(
  methods: UseFormReturn<ProgramFormValues>,
  publishTried: RefObject<boolean>,
  onAllClear: () => void,
) {
  const { setError, clearErrors, getFieldState } = methods;
  const applyIssues = useCallback(
    (values: ProgramFormValues, issues: ProgramFormIssue[]) => {
      const byPath = new Map(issues.map((issue) => [issue.path, issue.message]));
      const paths: ProgramFieldPath[] = [
        'name',
        'start_date',
        'end_date',
        'days_of_week',
        ...values.exercises.flatMap((_, i) => [
          `exercises.${i}.name` as const,
          `exercises.${i}.instructions` as const,
        ]),
      ];
      for (const path of paths) {
        const issue = byPath.get(path);
        const message = issue === undefined ? undefined : translateText(issue);
        const current = getFieldState(path).error?.message;
        if (message && message !== current) setError(path, { type: 'validate', message });
        else if (!message && current) clearErrors(path);
      }
    },
    [setError, clearErrors, getFieldState],
  );

  useEffect(
    () =>
      methods.subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          if (publishTried.current) {
            const issues = publishIssues(values);
            applyIssues(values, issues);
            if (issues.length === 0) onAllClear();
            return;
          }
          if (name && /^(name|days_of_week|exercises\.\d+\.(name|instructions))$/.test(name)) {
            clearErrors(name as ProgramFieldPath);
          }
          if (name === 'start_date' || name === 'end_date') {
            const issue = endDateProblem(values.start_date, values.end_date);
            if (issue) setError('end_date', { type: 'validate', message: translateText(issue) });
            else clearErrors('end_date');
          }
        },
      }),
    [methods, publishTried, applyIssues, setError, clearErrors, onAllClear],
  );

  return { applyIssues };
}
