import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { PlusLg } from 'react-bootstrap-icons';
import { FormProvider, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { TEMPLATE_MAX_EXERCISES, ZSaveTemplate, type TTemplate } from '@hep/shared/schemas/templates';
import { FormResult } from '../../../components/ui/form-result';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { contentFieldPath, shownPhoto } from '../../../lib/exercise-content';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useSaveResult } from '../../../lib/navigate-after-save';
import { useUpdateTemplate } from '../api/update-template';
import { translateText } from '../../../lib/i18n/translated-resolver';
import { TemplateFormDays } from './template-form-days';
import { TemplateFormExercise } from './template-form-exercise';
import {
  blankTemplateExercise,
  templateSaveBody,
  templateToFormValues,
  type TemplateFormValues,
} from './template-form-values';
import './templates.css';

/** Edit a template: name, days, weeks, and its exercises (text, dosage, order); media stay as they are. */
export function TemplateForm({ template }: { template: TTemplate }) {
  const methods = useForm<TemplateFormValues>({ defaultValues: templateToFormValues(template) });
  const { control, register, handleSubmit, setError, clearErrors, formState } = methods;
  const { fields, move, remove, append } = useFieldArray({ control, name: 'exercises' });
  const update = useUpdateTemplate();
  const { t } = useLingui();
  const saveFailed = t`The template could not be saved. Please try again.`;
  const { notice, setNotice, saved } = useSaveResult('/templates');
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formState.isDirty && !saved);

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const onSubmit = (values: TemplateFormValues) => {
    clearErrors();
    setNotice(null);
    const body = templateSaveBody(values);
    // The shared schema checks here first, so each message shows under its field before anything is sent.
    const checked = ZSaveTemplate.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = contentFieldPath(issue.path.join('.')) as FieldPath<TemplateFormValues>;
        setError(path, { type: 'schema', message: translateText(issue.message) });
      }
      setNotice({ kind: 'error', text: translateText(checked.error.issues[0]?.message ?? '') || saveFailed });
      focusFirstError();
      return;
    }
    update.mutate(
      { templateId: template.id, body },
      {
        onSuccess: () => setNotice({ kind: 'success', text: t`Template saved.` }),
        onError: (error) => {
          setServerFieldErrors(
            setError,
            error,
            (key) => contentFieldPath(key) as FieldPath<TemplateFormValues>,
          );
          setNotice({ kind: 'error', text: errorMessage(error, saveFailed) });
          focusFirstError();
        },
      },
    );
  };

  return (
    <FormProvider {...methods}>
      <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextField
          id="template-name"
          label={t`Template Name`}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <TemplateFormDays />
        <TextField
          id="template-weeks"
          label={t`Weeks`}
          hint={t`How long a program from this template runs. Leave blank for no end date.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={52}
          error={formState.errors.weeks?.message}
          {...register('weeks')}
        />
        <h2 className="h4 mt-4">
          <Trans>Exercises</Trans>
        </h2>
        {formState.errors.exercises?.root?.message || formState.errors.exercises?.message ? (
          <p className="invalid-feedback d-block">
            {formState.errors.exercises.root?.message ?? formState.errors.exercises.message}
          </p>
        ) : null}
        <div className="d-grid gap-3 mb-3">
          {fields.map((field, index) => (
            <TemplateFormExercise
              key={field.id}
              index={index}
              count={fields.length}
              photo={shownPhoto(field.image)}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </div>
        <Button
          variant="outline-primary"
          className="mb-4"
          disabled={fields.length >= TEMPLATE_MAX_EXERCISES}
          onClick={() => append(blankTemplateExercise())}
        >
          <PlusLg aria-hidden="true" /> <Trans>Add an exercise</Trans>
        </Button>
        <FormResult result={notice} />
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" variant="primary" disabled={update.isPending || saved}>
            {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save Template</Trans>}
          </Button>
          <Link to="/templates" className="btn btn-outline-primary">
            <Trans>Cancel</Trans>
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
