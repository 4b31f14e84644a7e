import { eq, inArray } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import { describe, expect, it } from 'vitest';
import { CSV_MAX_ROWS } from '@hep/shared/schemas/staff';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { buildCareTeam, buildClinic, login } from '../../../test/factories';
import { nextIp } from '../../../test/helper';
import { HEADER, useCsvImport } from './therapist-import.test-support';

const { h, email, row, upload, createdHere } = useCsvImport();

describe('POST /api/users/add_therapist_csv/: imports', () => {
  it('creates every therapist of a valid file in its clinic and emails each an activation link', async () => {
    const other = await buildClinic(h.t.ctx, `Other ${h.tag}`);
    await h.t.deliverMail();
    const before = h.t.mailbox.messages.length;
    const csv = [HEADER, row('Ada'), row('Ben', 'speech pathologist', other), row('Cat', ' Other ')];

    const res = await upload(csv.join('\n'));

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: STAFF_TEXTS.therapistsImported, created: 3 });
    expect(await createdHere()).toEqual([
      { email: email('ada'), discipline: 'Physiotherapist', clinic: h.clinicName },
      { email: email('ben'), discipline: 'Speech Pathologist', clinic: `Other ${h.tag}` },
      { email: email('cat'), discipline: 'Other', clinic: h.clinicName },
    ]);
    await h.t.deliverMail();
    const mails = h.t.mailbox.messages.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([email('ada'), email('ben'), email('cat')]);
    for (const mail of mails) {
      expect(mail.subject).toBe('Activate your account');
      expect(mail.text).toMatch(/http:\/\/app\.test\/reset-password\/[\w-]+\/[\w-]+/);
    }
    const [user] = await h.t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, email('ada')));
    expect(user).toMatchObject({
      isTherapist: true,
      passwordHash: null,
      agreedToTerms: false,
      isActive: true,
    });
  });

  it('reads a file with a UTF-8 byte order mark (as Excel saves it)', async () => {
    const res = await upload(`\uFEFF${HEADER}\n${row('Bom')}\n`);
    expect(res.statusCode).toBe(201);
    expect((await createdHere()).map((u) => u.email)).toEqual([email('bom')]);
  });

  it('reads CRLF line ends', async () => {
    const res = await upload(`${HEADER}\r\n${row('Crlf')}\r\n${row('Lf')}\r\n`);
    expect(res.statusCode).toBe(201);
    expect((await createdHere()).map((u) => u.email)).toEqual([email('crlf'), email('lf')]);
  });

  it('reads quoted fields holding commas and doubled quotes', async () => {
    const quoted = `"O""Brien, Jr.","Smith, Jones",${email('quoted')},"Exercise Physiologist","${h.clinicId}"`;
    const res = await upload(`${HEADER}\n${quoted}\n`);
    expect(res.statusCode).toBe(201);
    const [user] = await h.t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, email('quoted')));
    expect(user).toMatchObject({ firstName: 'O"Brien, Jr.', lastName: 'Smith, Jones' });
  });

  it('skips blank lines, and the header matches in any letter case with spaces around', async () => {
    const header = ' first name , LAST NAME,email,Discipline ,clinic id';
    const res = await upload(`\n${header}\n\n${row('Gap')}\n,,,,\n\n${row('Gap2')}\n\n`);
    expect(res.statusCode).toBe(201);
    expect((await createdHere()).map((u) => u.email)).toEqual([email('gap'), email('gap2')]);
  });

  it('imports exactly the maximum number of rows', async () => {
    const lines = Array.from({ length: CSV_MAX_ROWS }, (_, i) => row(`Max${i}`));
    const res = await upload([HEADER, ...lines].join('\n'));
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBe(CSV_MAX_ROWS);
    expect(await createdHere()).toHaveLength(CSV_MAX_ROWS);
  });

  it('writes one audit row per imported therapist', async () => {
    const res = await upload([HEADER, row('Aud1'), row('Aud2')].join('\n'));
    expect(res.statusCode).toBe(201);
    const created = await h.t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [email('aud1'), email('aud2')]));
    const rows = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(rows).toMatchObject([
      { action: 'create', targetType: 'user', targetIds: created.map((r) => r.id).sort((x, y) => x - y) },
    ]);
  });
});

describe('POST /api/users/add_therapist_csv/: access', () => {
  it('answers 401 without a token', async () => {
    const res = await upload(`${HEADER}\n${row('Anon')}\n`, { session: null });
    expect(res.statusCode).toBe(401);
    expect(await createdHere()).toEqual([]);
  });

  it('answers 403 to therapists and clients', async () => {
    const team = await buildCareTeam(h.t.ctx);
    for (const user of [team.therapist, team.client]) {
      const res = await upload(`${HEADER}\n${row('Role')}\n`, { session: await login(h.t, user) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    }
    expect(await createdHere()).toEqual([]);
  });

  it('answers 429 after too many imports from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await upload('', { ip })).statusCode).toBe(400);
    const res = await upload(`${HEADER}\n${row('Late')}\n`, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await createdHere()).toEqual([]);
  });
});
