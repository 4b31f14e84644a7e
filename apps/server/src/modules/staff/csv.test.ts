import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, decodeCsvText, parseCsv } from './csv';

const fieldsOf = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv', () => {
  it('reads plain rows with LF and numbers them as a spreadsheet does', () => {
    expect(parseCsv('a,b\nc,d\n')).toEqual([
      { row: 1, fields: ['a', 'b'] },
      { row: 2, fields: ['c', 'd'] },
    ]);
  });

  it('reads CRLF line ends and a last line without a line end', () => {
    expect(fieldsOf('a,b\r\nc,d\r\ne,f')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(fieldsOf('\uFEFFFirst Name,Email\n')).toEqual([['First Name', 'Email']]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    expect(fieldsOf('"Smith, Jr.","say ""hi""","two\nlines",""\n')).toEqual([
      ['Smith, Jr.', 'say "hi"', 'two\nlines', ''],
    ]);
  });

  it('skips blank lines and rows of empty cells, but keeps counting rows', () => {
    const records = parseCsv('h1,h2\n\n , \r\n,\nx,y\n\n');
    expect(records).toEqual([
      { row: 1, fields: ['h1', 'h2'] },
      { row: 5, fields: ['x', 'y'] },
    ]);
  });

  it('counts a quoted line break as part of one row', () => {
    const records = parseCsv('a,"b\nc"\nd,e\n');
    expect(records.map((r) => r.row)).toEqual([1, 3]);
  });

  it('keeps empty cells in the middle and at the end of a row', () => {
    expect(fieldsOf('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });

  it('allows spaces around a quoted field', () => {
    expect(fieldsOf(' "a" ,b\n')).toEqual([['a', 'b']]);
  });

  it('refuses a quote inside an unquoted field', () => {
    expect(() => parseCsv('a,b\nab"c,d\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\nab"c,d\n')).toThrow('Row 2: a quote must start the field');
  });

  it('refuses text after a closing quote', () => {
    expect(() => parseCsv('"a"b,c\n')).toThrow(
      'Row 1: only a comma or a line break may follow a closing quote.',
    );
  });

  it('refuses a quoted field that is never closed, naming the row where it starts', () => {
    expect(() => parseCsv('a,b\nc,"d\ne,f\n')).toThrow('Row 2: a quoted field is never closed.');
  });

  it('returns nothing for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n\n')).toEqual([]);
  });
});

describe('decodeCsvText', () => {
  it('decodes UTF-8 text, accents included', () => {
    expect(decodeCsvText(Buffer.from('Zoë,Ngô\n', 'utf8'))).toBe('Zoë,Ngô\n');
  });

  it('refuses bytes that are not UTF-8 text', () => {
    expect(decodeCsvText(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).toBeNull();
    expect(decodeCsvText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
  });

  it('refuses NUL bytes even when they are valid UTF-8', () => {
    expect(decodeCsvText(Buffer.from('a,b\u0000c\n'))).toBeNull();
  });
});
