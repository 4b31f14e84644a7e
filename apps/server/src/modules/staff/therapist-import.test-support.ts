import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ZApiError } from '@hep/shared/schemas/common';
import type { TUserListItem } from '@hep/shared/schemas/staff';
import { buildClinic, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { CSV_ERRORS } from './therapist-import.service';

export const HEADER = 'First Name,Last Name,Email,Discipline,Clinic ID';

/** A multipart body as a browser sends it: one file part. */
function multipartCsv(content: string | Buffer, filename = 'therapists.csv', field = 'file') {
  const boundary = `----hep${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The shared setup of the CSV import test files: an app, a signed-in staff user, and per test a fresh clinic
 * and a tag that every address of the test carries (so a test sees only its own therapists).
 */
export function useCsvImport() {
  const h = {} as { t: TestApp; staff: Session; clinicId: number; clinicName: string; tag: string };
  beforeAll(async () => {
    h.t = await createTestApp();
    h.staff = await login(h.t, await buildStaff(h.t.ctx));
  });
  afterAll(() => h.t.close());
  beforeEach(async () => {
    h.tag = randomUUID().slice(0, 8);
    h.clinicName = `Clinic ${h.tag}`;
    h.clinicId = await buildClinic(h.t.ctx, h.clinicName);
  });

  const email = (name: string) => `${name}-${h.tag}@example.test`;
  const row = (first: string, discipline = 'Physiotherapist', clinic: number | string = h.clinicId) =>
    `${first},Tester,${email(first.toLowerCase())},${discipline},${clinic}`;

  const upload = (
    content: string | Buffer,
    options: { filename?: string; field?: string; session?: Session | null; ip?: string } = {},
  ) => {
    const body = multipartCsv(content, options.filename, options.field);
    const session = options.session === undefined ? h.staff : options.session;
    return h.t.app.inject({
      method: 'POST',
      url: '/api/users/add_therapist_csv/',
      payload: body.payload,
      headers: { ...body.headers, ...(session ? session.headers : {}) },
      remoteAddress: options.ip ?? nextIp(),
    });
  };

  /** This test's users as Manage Users lists them: email, discipline, clinic name. */
  const createdHere = async () => {
    const res = await h.t.app.inject({ method: 'GET', url: '/api/users/', headers: h.staff.headers });
    return res
      .json<TUserListItem[]>()
      .filter((u) => u.email.endsWith(`-${h.tag}@example.test`))
      .map((u) => ({ email: u.email, discipline: u.discipline, clinic: u.clinic }))
      .sort((a, b) => a.email.localeCompare(b.email));
  };

  type Res = Awaited<ReturnType<typeof upload>>;
  const expectNothingCreated = async (mailsBefore: number) => {
    expect(await createdHere()).toEqual([]);
    await h.t.deliverMail();
    expect(h.t.mailbox.messages.length).toBe(mailsBefore);
  };
  const expectFileError = (res: Res, message: string, status = 400) => {
    expect(res.statusCode).toBe(status);
    const body = ZApiError.parse(res.json());
    expect(body.error).toBe(message);
    return body;
  };
  const expectRowErrors = (res: Res, rows: { row: number; message: string }[]) => {
    expect(res.statusCode).toBe(400);
    expect(ZApiError.strict().parse(res.json())).toEqual({
      error: CSV_ERRORS.rowsInvalid,
      code: 'csv_rows_invalid',
      rows,
    });
  };

  return { h, email, row, upload, createdHere, expectNothingCreated, expectFileError, expectRowErrors };
}
