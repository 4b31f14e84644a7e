import { DISCIPLINES } from '@hep/shared/domain/constants';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { LIMITS } from '@hep/shared/limits';
import { ZEmail, ZName } from '@hep/shared/schemas/common';
import { CSV_TEMPLATE_COLUMNS } from '@hep/shared/schemas/staff';
import type { CsvRecord } from './csv';
import type { NewTherapist } from './staff.repository';

interface RowError {
  row: number;
  message: string;
}

interface CheckedRow {
  row: number;
  therapist: NewTherapist;
}

/** Shown values are cut short so a huge cell cannot bloat the error answer. */
const show = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

export const isTemplateHeader = (fields: string[]) =>
  fields.length === CSV_TEMPLATE_COLUMNS.length &&
  fields.every((f, i) => f.trim().toLowerCase() === CSV_TEMPLATE_COLUMNS[i]!.toLowerCase());

const canonicalDiscipline = (value: string) =>
  DISCIPLINES.find((d) => d.toLowerCase() === value.toLowerCase()) ?? null;

/**
 * Checks one data row on its own (the checks needing the database or the other rows come after):
 * every problem is reported, not just the first.
 */
function checkFields(record: CsvRecord): { errors: string[]; therapist: NewTherapist | null } {
  const errors: string[] = [];
  if (record.fields.length !== CSV_TEMPLATE_COLUMNS.length) {
    errors.push(
      `This row has ${record.fields.length} columns; the template has ${CSV_TEMPLATE_COLUMNS.length}.`,
    );
    return { errors, therapist: null };
  }
  const [first, last, email, discipline, clinic] = record.fields.map((f) => f.trim()) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const name = (column: string, value: string) => {
    if (!value) errors.push(`${column} is required.`);
    else if (!ZName.safeParse(value).success) {
      errors.push(`${column} is too long (at most ${LIMITS.nameMaxLength} characters).`);
    }
  };
  name('First Name', first);
  name('Last Name', last);
  if (!email) errors.push(/*i18n*/ 'Email is required.');
  else if (!ZEmail.safeParse(email).success) errors.push(`"${show(email)}" is not a valid email address.`);
  const canonical = canonicalDiscipline(discipline);
  if (!discipline) errors.push(/*i18n*/ 'Discipline is required.');
  else if (!canonical) {
    errors.push(`Discipline "${show(discipline)}" is not one of: ${DISCIPLINES.join(', ')}.`);
  }
  const clinicId = /^\d{1,9}$/.test(clinic) ? Number(clinic) : null;
  if (!clinic) errors.push(/*i18n*/ 'Clinic ID is required.');
  else if (!clinicId) errors.push(`Clinic ID "${show(clinic)}" is not a clinic ID (a whole number).`);
  if (errors.length) return { errors, therapist: null };
  return {
    errors,
    therapist: { firstName: first, lastName: last, email, discipline: canonical!, clinicId: clinicId! },
  };
}

/** Checks every data row; returns the therapists to create, or every problem found. */
export function checkRows(records: CsvRecord[]): { rows: CheckedRow[]; errors: RowError[] } {
  const rows: CheckedRow[] = [];
  const errors: RowError[] = [];
  const firstRowOf = new Map<string, number>();
  for (const record of records) {
    const checked = checkFields(record);
    for (const message of checked.errors) errors.push({ row: record.row, message });
    if (!checked.therapist) continue;
    const key = checked.therapist.email.toLowerCase();
    const earlier = firstRowOf.get(key);
    if (earlier !== undefined) {
      errors.push({ row: record.row, message: `This email is also on row ${earlier}.` });
      continue;
    }
    firstRowOf.set(key, record.row);
    rows.push({ row: record.row, therapist: checked.therapist });
  }
  return { rows, errors };
}

/** The checks that need the database: the clinic exists, the address is not registered yet. */
export function checkAgainstDatabase(
  rows: CheckedRow[],
  clinicIds: Set<number>,
  takenEmails: Set<string>,
): RowError[] {
  const errors: RowError[] = [];
  for (const { row, therapist } of rows) {
    if (!clinicIds.has(therapist.clinicId)) {
      errors.push({ row, message: `No clinic has the ID ${therapist.clinicId}.` });
    }
    if (takenEmails.has(therapist.email.toLowerCase())) errors.push({ row, message: AUTH_TEXTS.emailTaken });
  }
  return errors;
}
