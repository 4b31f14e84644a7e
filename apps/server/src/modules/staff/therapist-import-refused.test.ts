import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import { CSV_MAX_BYTES, CSV_MAX_ROWS } from '@hep/shared/schemas/staff';
import { buildCareTeam } from '../../../test/factories';
import { nextIp } from '../../../test/helper';
import { UNREADABLE_UPLOAD } from './staff-users.routes';
import { CSV_ERRORS } from './therapist-import.service';
import { HEADER, useCsvImport } from './therapist-import.test-support';

const { h, email, row, upload, createdHere, expectNothingCreated, expectFileError, expectRowErrors } =
  useCsvImport();

describe('POST /api/users/add_therapist_csv/: refused rows (nothing imported)', () => {
  it('lists a bad email with its spreadsheet row number', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const csv = [HEADER, row('Good'), `Bad,Tester,not-an-email,Physiotherapist,${h.clinicId}`];
    expectRowErrors(await upload(csv.join('\n')), [
      { row: 3, message: '"not-an-email" is not a valid email address.' },
    ]);
    await expectNothingCreated(before);
  });

  it('lists an unknown discipline', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    expectRowErrors(await upload([HEADER, row('Good'), row('Doc', 'Surgeon')].join('\n')), [
      {
        row: 3,
        message:
          'Discipline "Surgeon" is not one of: Physiotherapist, Occupational Therapist, Speech Pathologist, Exercise Physiologist, Other.',
      },
    ]);
    await expectNothingCreated(before);
  });

  it('lists an unknown clinic and a clinic id that is not a number', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const csv = [HEADER, row('Nowhere', 'Other', 999_999_999), row('Word', 'Other', 'Main St')];
    expectRowErrors(await upload(csv.join('\n')), [
      { row: 2, message: 'No clinic has the ID 999999999.' },
      { row: 3, message: 'Clinic ID "Main St" is not a clinic ID (a whole number).' },
    ]);
    await expectNothingCreated(before);
  });

  it('lists an email that appears twice in the file (any letter case)', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const twin = `Twin,Tester,${email('twin').toUpperCase()},Other,${h.clinicId}`;
    expectRowErrors(await upload([HEADER, row('Twin'), row('Solo'), twin].join('\n')), [
      { row: 4, message: 'This email is also on row 2.' },
    ]);
    await expectNothingCreated(before);
  });

  it('lists an email that is already registered', async () => {
    const { client } = await buildCareTeam(h.t.ctx);
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const taken = `Taken,Tester,${client.email.toUpperCase()},Other,${h.clinicId}`;
    expectRowErrors(await upload([HEADER, row('Fresh'), taken].join('\n')), [
      { row: 3, message: AUTH_TEXTS.emailTaken },
    ]);
    await expectNothingCreated(before);
  });

  it('lists a wrong number of columns and a value too long, row by row', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const csv = [
      HEADER,
      ' , ,,,',
      row('Fine'),
      `Short,Row,${email('short')}`,
      `${'x'.repeat(101)},L,${email('long')},Other,${h.clinicId}`,
    ];
    // Row 2 is all blank: skipped like an empty line, not an error.
    expectRowErrors(await upload(csv.join('\r\n')), [
      { row: 4, message: 'This row has 3 columns; the template has 5.' },
      { row: 5, message: 'First Name is too long (at most 100 characters).' },
    ]);
    await expectNothingCreated(before);
  });

  it('lists every missing field of every row', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const res = await upload([HEADER, `,,,,${h.clinicId}`, `A,,${email('a')},,`].join('\n'));
    expectRowErrors(res, [
      { row: 2, message: 'First Name is required.' },
      { row: 2, message: 'Last Name is required.' },
      { row: 2, message: 'Email is required.' },
      { row: 2, message: 'Discipline is required.' },
      { row: 3, message: 'Last Name is required.' },
      { row: 3, message: 'Discipline is required.' },
      { row: 3, message: 'Clinic ID is required.' },
    ]);
    await expectNothingCreated(before);
  });
});

describe('POST /api/users/add_therapist_csv/: refused files', () => {
  it('refuses a header that is not the template', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const res = await upload(`First Name,Surname,Email,Discipline,Clinic ID\n${row('Hdr')}\n`);
    const body = expectFileError(res, CSV_ERRORS.badHeader);
    expect(body).toMatchObject({ code: 'validation_error', fields: { file: CSV_ERRORS.badHeader } });
    expect(CSV_ERRORS.badHeader).toBe(
      "The first row must be the template's columns: First Name, Last Name, Email, Discipline, Clinic ID.",
    );
    await expectNothingCreated(before);
  });

  it('refuses a header with an extra column', async () => {
    expectFileError(await upload(`${HEADER},Notes\n${row('Extra')},hi\n`), CSV_ERRORS.badHeader);
    expect(await createdHere()).toEqual([]);
  });

  it('refuses more than the maximum number of rows', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const lines = Array.from({ length: CSV_MAX_ROWS + 1 }, (_, i) => row(`Many${i}`));
    expectFileError(await upload([HEADER, ...lines].join('\n')), CSV_ERRORS.tooManyRows);
    expect(CSV_ERRORS.tooManyRows).toBe(
      'The CSV file has more than 1,000 therapists. Split it into smaller files.',
    );
    await expectNothingCreated(before);
  });

  it('answers 413 for a file over 1 MB', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const filler = `${row('Big')}\n`.repeat(Math.ceil(CSV_MAX_BYTES / row('Big').length) + 10);
    const csv = `${HEADER}\n${filler}`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(CSV_MAX_BYTES);
    const body = expectFileError(await upload(csv), CSV_ERRORS.tooLarge, 413);
    expect(body.code).toBe('payload_too_large');
    expect(CSV_ERRORS.tooLarge).toBe('The CSV file must be 1 MB or smaller.');
    await expectNothingCreated(before);
  });

  it('refuses a file whose name does not end in .csv', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const res = await upload(`${HEADER}\n${row('Txt')}\n`, { filename: 'therapists.xlsx' });
    expectFileError(res, CSV_ERRORS.notCsv);
    await expectNothingCreated(before);
  });

  it('refuses binary content named .csv', async () => {
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expectFileError(await upload(png, { filename: 'sneaky.csv' }), CSV_ERRORS.notText);
    await expectNothingCreated(before);
  });

  it('refuses a file that cannot be parsed (a quote never closed)', async () => {
    const res = await upload(`${HEADER}\n"Open,Tester,${email('open')},Other,${h.clinicId}\n`);
    expectFileError(res, CSV_ERRORS.unreadable('Row 2: a quoted field is never closed.'));
    expect(await createdHere()).toEqual([]);
  });

  it('refuses an empty file and a file with only the header', async () => {
    expectFileError(await upload(''), CSV_ERRORS.empty);
    expectFileError(await upload(`${HEADER}\r\n\r\n`), CSV_ERRORS.noRows);
  });

  it('answers "Please select a CSV file to upload." without a file', async () => {
    const json = await h.t.app.inject({
      method: 'POST',
      url: '/api/users/add_therapist_csv/',
      headers: h.staff.headers,
      payload: { file: 'x' },
      remoteAddress: nextIp(),
    });
    expectFileError(json, STAFF_TEXTS.selectCsvFile);
    expect(json.json().fields).toEqual({ file: STAFF_TEXTS.selectCsvFile });

    const boundary = '----hepnofile';
    const onlyField = await h.t.app.inject({
      method: 'POST',
      url: '/api/users/add_therapist_csv/',
      headers: { ...h.staff.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      remoteAddress: nextIp(),
    });
    expectFileError(onlyField, STAFF_TEXTS.selectCsvFile);

    expectFileError(
      await upload(`${HEADER}\n${row('Wrong')}\n`, { field: 'csv' }),
      STAFF_TEXTS.selectCsvFile,
    );
    expect(await createdHere()).toEqual([]);
  });

  it('answers 400 for a body that is not well-formed multipart', async () => {
    const bodies: [string, string][] = [
      ['multipart/form-data', 'no boundary given'],
      ['multipart/form-data; boundary=abc', 'no boundary in the body'],
      [
        'multipart/form-data; boundary=abc',
        `--abc\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${HEADER}`,
      ],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: '/api/users/add_therapist_csv/',
        headers: { ...h.staff.headers, 'content-type': contentType },
        payload,
        remoteAddress: nextIp(),
      });
      expectFileError(res, UNREADABLE_UPLOAD);
    }
  });
});
