import { useFormContext, useWatch } from 'react-hook-form';
import { Trans } from '@lingui/react/macro';
import { TextField } from '../../../components/ui/text-field';
import { ProgramFormDays } from './program-form-days';
import { RequiredMark } from './program-form-required-mark';
import type { ProgramFormValues } from './program-form-values';

/** The Schedule card: Start Date*, End Date* (not before the start) and Days of Week*. */
export function ProgramFormSchedule() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ProgramFormValues>();
  const startDate = useWatch({ control, name: 'start_date' });
  return (
    <div className="card mb-4">
      <div className="card-body">
        <h2 className="h4 mb-3">
          <Trans>Schedule</Trans>
        </h2>
        <div className="row g-0 gap-sm-3 program-dates">
          <div className="col-sm">
            <TextField
              id="program-start-date"
              label={
                <>
                  <Trans>Start Date</Trans>
                  <RequiredMark />
                </>
              }
              type="date"
              aria-required="true"
              error={errors.start_date?.message}
              {...register('start_date')}
            />
          </div>
          <div className="col-sm">
            <TextField
              id="program-end-date"
              label={
                <>
                  <Trans>End Date</Trans>
                  <RequiredMark />
                </>
              }
              type="date"
              min={startDate || undefined}
              aria-required="true"
              error={errors.end_date?.message}
              {...register('end_date')}
            />
          </div>
        </div>
        <ProgramFormDays />
      </div>
    </div>
  );
}
