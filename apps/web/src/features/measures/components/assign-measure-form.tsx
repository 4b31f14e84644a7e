import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TInstrumentView } from '@hep/shared/schemas/measures';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { todayIso } from '../../../lib/calendar-date';
import { useAssignMeasure } from '../api/assign-measure';
import { REPEAT_DAYS, repeatText } from '../utils/measure-words';

/**
 * Assign a measure (docs/product/outcome-measures.md#schedule): which one, the first day it is due (today unless
 * changed), how often it repeats, and an optional last day.
 */
export function AssignMeasureForm({
  clientId,
  instruments,
  onDone,
}: {
  clientId: string;
  instruments: TInstrumentView[];
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [instrument, setInstrument] = useState('');
  const [firstDue, setFirstDue] = useState(todayIso());
  const [everyDays, setEveryDays] = useState('14');
  const [endsOn, setEndsOn] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const assign = useAssignMeasure(clientId);

  return (
    <form
      className="card card-body mb-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!instrument) return setFields({ instrument: t`Choose a measure from the list.` });
        assign.mutate(
          { instrument, first_due: firstDue, every_days: Number(everyDays), ends_on: endsOn || null },
          {
            onSuccess: () => {
              const name = instruments.find((i) => i.code === instrument)?.short_name ?? instrument;
              onDone(t`${name} assigned.`);
            },
            onError: (error) => {
              setFields(isApiError(error) ? error.fields : {});
              setProblem(errorMessage(error, t`The measure could not be assigned. Please try again.`));
            },
          },
        );
      }}
    >
      <h3 className="h5">
        <Trans>Assign a measure</Trans>
      </h3>
      <SelectField
        id="measure-instrument"
        label={t`Measure`}
        value={instrument}
        error={fields.instrument}
        onChange={(event) => setInstrument(event.target.value)}
      >
        <option value="">{t`Choose a measure`}</option>
        {instruments.map((i) => (
          <option key={i.code} value={i.code}>
            {i.name}
          </option>
        ))}
      </SelectField>
      <div className="row g-3">
        <div className="col-sm-6">
          <TextField
            id="measure-first-due"
            type="date"
            label={t`First due`}
            value={firstDue}
            error={fields.first_due}
            onChange={(event) => setFirstDue(event.target.value)}
          />
        </div>
        <div className="col-sm-6">
          <SelectField
            id="measure-repeat"
            label={t`Repeat`}
            value={everyDays}
            error={fields.every_days}
            onChange={(event) => setEveryDays(event.target.value)}
          >
            {REPEAT_DAYS.map((days) => (
              <option key={days} value={days}>
                {i18n._(repeatText(days))}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {everyDays !== '0' ? (
        <TextField
          id="measure-ends-on"
          type="date"
          label={t`Last day (optional)`}
          value={endsOn}
          min={firstDue}
          error={fields.ends_on}
          onChange={(event) => setEndsOn(event.target.value)}
        />
      ) : null}
      {problem ? <PlainAlert variant="danger">{problem}</PlainAlert> : null}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={assign.isPending}>
          {assign.isPending ? <Trans>Assigning...</Trans> : <Trans>Assign</Trans>}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone('')}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
