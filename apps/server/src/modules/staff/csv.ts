/**
 * A small, strict CSV reader (RFC 4180): UTF-8 with or without a BOM, CRLF or LF line ends, quoted fields that
 * hold commas, line breaks and doubled quotes. Anything ambiguous (a quote inside an unquoted field, text after a
 * closing quote, a quote never closed) is an error rather than a guess, so a malformed file is never half-read.
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

/** Splits CSV text into records. Blank records (no text in any field) keep their row number but are dropped. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  let recordRow = 1;
  let i = 0;
  // Whether the current field started with a quote, and whether its closing quote has been read.
  let quoted = false;
  let closed = false;

  const endField = () => {
    fields.push(field);
    field = '';
    quoted = false;
    closed = false;
  };
  const endRecord = () => {
    endField();
    if (fields.some((f) => f.trim() !== '')) records.push({ row: recordRow, fields });
    fields = [];
  };

  while (i < text.length) {
    const ch = text[i]!;
    if (quoted && !closed) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        closed = true;
      } else {
        if (ch === '\n') row += 1;
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === ',') {
      endField();
      i += 1;
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      row += 1;
      recordRow = row;
    } else if (closed && (ch === ' ' || ch === '\t')) {
      i += 1;
    } else if (closed) {
      throw new CsvSyntaxError(row, `Row ${row}: only a comma or a line break may follow a closing quote.`);
    } else if (ch === '"') {
      if (field.trim() !== '') {
        throw new CsvSyntaxError(
          row,
          `Row ${row}: a quote must start the field or be doubled inside quotes.`,
        );
      }
      field = '';
      quoted = true;
      i += 1;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted && !closed)
    throw new CsvSyntaxError(recordRow, `Row ${recordRow}: a quoted field is never closed.`);
  if (field !== '' || fields.length > 0 || closed) endRecord();
  return records;
}
