import { useMemo, useState } from 'react';
import { Funnel } from 'react-bootstrap-icons';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgramListItem } from '@hep/shared/schemas/programs';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import {
  distinctDisciplines,
  filterPrograms,
  hasFilters,
  NO_FILTERS,
  type TPastFilters,
} from '../../utils/program-filters';
import type { TProgramCardActions } from './program-card-actions';
import { ProgramCards } from './program-cards';
import { translateText } from '../../../../lib/i18n/translated-resolver';

/** January ... December in the page's language (the filter's values stay 1 to 12). */
function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 1)));
}

interface PastProgramsProps extends TProgramCardActions {
  programs: TProgramListItem[];
}

/** The Past tab: a Show Filters toggle (discipline, start month, keyword) above the cards. */
export function PastPrograms({ programs, ...actions }: PastProgramsProps) {
  const [open, setOpen] = useState(false);
  const [filters, setFilters] = useState<TPastFilters>(NO_FILTERS);
  const disciplines = useMemo(() => distinctDisciplines(programs), [programs]);
  const shown = useMemo(() => filterPrograms(programs, filters), [programs, filters]);
  const filtering = hasFilters(filters);
  const shownCount = shown.length;
  const total = programs.length;
  const { t, i18n } = useLingui();
  const months = useMemo(() => monthNames(i18n.locale), [i18n.locale]);
  const set = (change: Partial<TPastFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary mb-3"
        aria-expanded={open}
        aria-controls="past-program-filters"
        onClick={() => setOpen((value) => !value)}
      >
        <Funnel aria-hidden="true" />
        {open ? <Trans>Hide Filters</Trans> : <Trans>Show Filters</Trans>}
      </button>
      <div id="past-program-filters" hidden={!open}>
        <div className="card card-body mb-3">
          <div className="row g-0 gap-sm-3">
            <div className="col-sm">
              <SelectField
                id="past-filter-discipline"
                label={t`Discipline`}
                value={filters.discipline}
                onChange={(event) => set({ discipline: event.target.value })}
              >
                <option value="">{t`All disciplines`}</option>
                {disciplines.map((discipline) => (
                  <option key={discipline} value={discipline}>
                    {translateText(discipline)}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className="col-sm">
              <SelectField
                id="past-filter-month"
                label={t`Month`}
                hint={t`The month the program started`}
                value={filters.month}
                onChange={(event) => set({ month: event.target.value })}
              >
                <option value="">{t`Any month`}</option>
                {months.map((month, index) => (
                  <option key={month} value={String(index + 1)}>
                    {month}
                  </option>
                ))}
              </SelectField>
            </div>
          </div>
          <TextField
            id="past-filter-keyword"
            label={t`Keyword`}
            type="search"
            hint={t`Part of the program name`}
            autoComplete="off"
            value={filters.keyword}
            onChange={(event) => set({ keyword: event.target.value })}
          />
          <div>
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={!filtering}
              onClick={() => setFilters(NO_FILTERS)}
            >
              <Trans>Clear All Filters</Trans>
            </button>
          </div>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {filtering
          ? t`${shownCount} of ${plural(total, { one: '# past program', other: '# past programs' })} shown`
          : ''}
      </p>
      <ProgramCards programs={shown} {...actions} />
    </>
  );
}
