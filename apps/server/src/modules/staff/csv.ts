import { CsvError, parse } from 'csv-parse/sync';

/**
 * Reads CSV text with csv-parse (RFC 4180): UTF-8 with or without a BOM, CRLF or LF line ends, quoted fields that
 * hold commas, line breaks and doubled quotes. Anything ambiguous (a quote inside an unquoted field, text after a
 * closing quote, a quote never closed) is an error rather than a guess, so a malformed file is never half-read.
 * Rows are numbered here, not by csv-parse, whose line count takes a CRLF inside quotes for two lines.
 */

export interface CsvRecord {
  /** The row number a spreadsheet shows for this record (the first line is row 1; blank lines count). */
  row: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Decodes the bytes as UTF-8 text; null when they are not text (invalid UTF-8, or NUL bytes as in binaries). */
export function decodeCsvText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

/**
 * How many rows a record's text moves on, as a spreadsheet counts them: its own line end (CRLF, LF or a lone CR)
 * and each LF inside its quoted fields.
 */
const rowsIn = (text: string) => (text.match(/\n/g)?.length ?? 0) + (text.endsWith('\r') ? 1 : 0);

/** Splits CSV text into records. Blank records (no text in any field) keep their row number but are dropped. */
export function parseCsv(input: string): CsvRecord[] {
  const bytes = Buffer.from(input, 'utf8');
  const records: CsvRecord[] = [];
  // The row the record being read starts on, and its first byte: csv-parse's own line count takes a CRLF
  // inside quotes for two lines, and its error offsets are not always the record's start.
  let row = 1;
  let start = 0;
  try {
    parse(bytes, {
      bom: true,
      trim: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      // With raw, each record comes as { record, raw } and an error carries the text of its record so far.
      raw: true,
      on_record: (output: unknown, context) => {
        const fields = (output as { record: string[] }).record;
        if (fields.some((field) => field.trim() !== '')) records.push({ row, fields });
        row += rowsIn(bytes.toString('utf8', start, context.bytes));
        start = context.bytes;
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const at = row + rowsIn(typeof error.raw === 'string' ? error.raw : '');
    switch (error.code) {
      case 'CSV_QUOTE_NOT_CLOSED':
        throw new CsvSyntaxError(row, `Row ${row}: a quoted field is never closed.`);
      case 'INVALID_OPENING_QUOTE':
        throw new CsvSyntaxError(at, `Row ${at}: a quote must start the field or be doubled inside quotes.`);
      case 'CSV_INVALID_CLOSING_QUOTE':
      case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
        throw new CsvSyntaxError(at, `Row ${at}: only a comma or a line break may follow a closing quote.`);
      default:
        throw new CsvSyntaxError(at, `Row ${at}: this row is not valid CSV.`);
    }
  }
  return records;
}
