import { useMemo, useRef } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '../../../components/ui/text-field';
import { useProgramSave } from '../hooks/use-program-save';
import { ProgramFormExercises } from './program-form-exercises';
import { ProgramFormFooter } from './program-form-footer';
import { ProgramFormSchedule } from './program-form-schedule';
import { RequiredMark } from './program-form-required-mark';
import { duplicateNameIssues } from './program-form-validation';
import type { ProgramFormMode, ProgramFormValues } from './program-form-values';
import './program-form.css';

interface ProgramFormProps {
  mode: ProgramFormMode;
  clientId: number;
  defaultValues: ProgramFormValues;
  /** Edit: the program and the version the form loaded (a save against an older one answers 409). */
  programId?: number;
  version?: number;
}

const FORM_LABELS: Record<ProgramFormMode, MessageDescriptor> = {
  create: msg`Create program`,
  edit: msg`Edit program`,
  replicate: msg`Replicate program`,
};

/**
 * The program form (docs/product/programs-and-exercises.md#program-form): the program, its exercises and their media
 * saved in one request; a draft skips the field checks, a publish runs them all and shows the first problem. Its
 * parts: the name, the exercises, the schedule, and the footer with the save (hooks/use-program-save).
 */
export function ProgramForm({ mode, clientId, defaultValues, programId, version }: ProgramFormProps) {
  const methods = useForm<ProgramFormValues>({ defaultValues });
  const { t } = useLingui();
  const {
    control,
    register,
    formState: { errors },
  } = methods;
  const exercises = useFieldArray({ control, name: 'exercises' });
  const values = useWatch({ control, name: 'exercises' });
  const formRef = useRef<HTMLFormElement>(null);
  const save = useProgramSave({
    methods,
    fieldKeys: exercises.fields.map((field) => field.id),
    formRef,
    mode,
    clientId,
    programId,
    version,
  });
  const duplicates = useMemo(
    () => new Set<string>(duplicateNameIssues({ exercises: values }).map((issue) => issue.path)),
    [values],
  );

  return (
    <FormProvider {...methods}>
      <form
        ref={formRef}
        noValidate
        aria-label={t(FORM_LABELS[mode])}
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="card mb-4">
          <div className="card-body">
            <TextField
              id="program-name"
              label={
                <>
                  <Trans>Program Name</Trans>
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
        <ProgramFormExercises
          exercises={exercises}
          duplicates={duplicates}
          fileErrors={save.fileErrors}
          onFileErrorChange={save.setFileError}
        />
        <ProgramFormSchedule />
        <ProgramFormFooter mode={mode} save={save} duplicateNames={duplicates.size > 0} />
      </form>
    </FormProvider>
  );
}
