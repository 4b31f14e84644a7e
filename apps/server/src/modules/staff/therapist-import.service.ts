import { CSV_MAX_BYTES, CSV_MAX_ROWS, CSV_TEMPLATE_COLUMNS } from '@hep/shared/schemas/staff';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { AppError, badRequest } from '../../lib/app-error';
import { CsvSyntaxError, decodeCsvText, parseCsv } from './csv';
import { findExistingClinicIds, findTakenEmails } from './staff.repository';
import { createTherapists } from './therapist-accounts';
import { checkAgainstDatabase, checkRows, isTemplateHeader } from './therapist-rows';

export const CSV_ERRORS = {
  notCsv: /*i18n*/ 'Please choose a .csv file.',
  notText: /*i18n*/ 'This file is not a CSV text file. Save the spreadsheet as CSV (UTF-8) and try again.',
  empty: /*i18n*/ 'The CSV file is empty. Fill in the template and try again.',
  badHeader: `The first row must be the template's columns: ${CSV_TEMPLATE_COLUMNS.join(', ')}.`,
  noRows: /*i18n*/ 'The CSV file has no therapists in it. Add one row per therapist below the header.',
  tooManyRows: `The CSV file has more than ${CSV_MAX_ROWS.toLocaleString('en-AU')} therapists. Split it into smaller files.`,
  tooLarge: `The CSV file must be ${CSV_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  unreadable: (detail: string) => `The CSV file could not be read. ${detail}`,
  rowsInvalid: /*i18n*/ 'Some rows could not be imported. Nothing was imported.',
} as const;

export const csvTooLarge = () => new AppError(413, 'payload_too_large', CSV_ERRORS.tooLarge);
const fileError = (message: string) => badRequest(message, { file: message });

/**
 * Imports therapists from the CSV template: every row is checked first, and one bad row means nothing is created
 * (the answer lists each problem by spreadsheet row). Otherwise all are created together and get activation mails.
 */
export async function importTherapists(
  ctx: AppContext,
  caller: Caller,
  file: { filename: string; bytes: Uint8Array },
  meta: RequestMeta,
) {
  if (!/\.csv$/i.test(file.filename.trim())) throw fileError(CSV_ERRORS.notCsv);
  if (file.bytes.length > CSV_MAX_BYTES) throw csvTooLarge();
  const text = decodeCsvText(file.bytes);
  if (text === null) throw fileError(CSV_ERRORS.notText);

  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw fileError(CSV_ERRORS.unreadable(error.message));
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw fileError(CSV_ERRORS.empty);
  if (!isTemplateHeader(header.fields)) throw fileError(CSV_ERRORS.badHeader);
  if (data.length === 0) throw fileError(CSV_ERRORS.noRows);
  if (data.length > CSV_MAX_ROWS) throw fileError(CSV_ERRORS.tooManyRows);

  const checked = checkRows(data);
  const [clinicIds, taken] = await Promise.all([
    findExistingClinicIds(ctx.db, [...new Set(checked.rows.map((r) => r.therapist.clinicId))]),
    findTakenEmails(
      ctx.db,
      checked.rows.map((r) => r.therapist.email),
    ),
  ]);
  const errors = [...checked.errors, ...checkAgainstDatabase(checked.rows, clinicIds, taken)];
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    throw new AppError(400, 'csv_rows_invalid', CSV_ERRORS.rowsInvalid, undefined, undefined, {
      rows: errors,
    });
  }
  const created = await createTherapists(
    ctx,
    caller,
    checked.rows.map((r) => r.therapist),
    meta,
  );
  return { message: STAFF_TEXTS.therapistsImported, created };
}
