import { eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZClientListPage } from '@hep/shared/schemas/clients';
import { auditLog } from '../../db/schema/audit-log';
import {
  buildCareTeam,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  login,
  type Session,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
/** A clinic of 120 clients: last names P00..P59 twice each, every first name Alex, so that ties fall to the id. */
let therapist: Session;
let expectedOrder: number[];
let birthdayIds: number[];
let otherClinic: { therapist: Session; clientId: number };

const BIRTHDAY = '1971-09-02';

beforeAll(async () => {
  t = await createTestApp();
  const clinicId = await buildClinic(t.ctx);
  const owner = await buildTherapist(t.ctx, clinicId);
  const made: { id: number; lastName: string }[] = [];
  for (let i = 0; i < 120; i += 1) {
    const lastName = `${i % 3 ? 'P' : 'p'}${String((i * 37) % 60).padStart(2, '0')}`;
    const dateOfBirth = i % 40 === 7 ? BIRTHDAY : '1960-05-01';
    const client = await buildClient(t.ctx, clinicId, owner.id, { firstName: 'Alex', lastName, dateOfBirth });
    made.push({ id: client.id, lastName });
  }
  expectedOrder = [...made]
    .sort((a, b) => a.lastName.toLowerCase().localeCompare(b.lastName.toLowerCase()) || a.id - b.id)
    .map((c) => c.id);
  birthdayIds = made.filter((_, i) => i % 40 === 7).map((c) => c.id);

  // Another clinic with a client whose name and date of birth match the searches below.
  const other = await buildCareTeam(t.ctx);
  const lookalike = await buildClient(t.ctx, other.clinicId, other.therapist.id, {
    firstName: 'Alex',
    lastName: 'P07',
    dateOfBirth: BIRTHDAY,
  });
  therapist = await login(t, owner);
  otherClinic = { therapist: await login(t, other.therapist), clientId: lookalike.id };
});
afterAll(() => t.close());

function get(session: Session | null, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/users/clients/${query}`,
    headers: session?.headers ?? {},
  });
}

async function pageOf(session: Session, query: string) {
  const res = await get(session, query);
  expect(res.statusCode, res.body).toBe(200);
  return ZClientListPage.strict().parse(res.json());
}

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('GET /api/users/clients/?page=', () => {
  it('answers 50, 50 and 20 clients with the count and the next page, in one stable order', async () => {
    const pages = [await pageOf(therapist, '?page=1'), await pageOf(therapist, '?page=2')];
    pages.push(await pageOf(therapist, '?page=3'));

    expect(pages.map((p) => p.results.length)).toEqual([50, 50, 20]);
    expect(pages.map((p) => p.count)).toEqual([120, 120, 120]);
    expect(pages.map((p) => p.next)).toEqual([2, 3, null]);
    const ids = pages.flatMap((p) => idsOf(p.results));
    expect(new Set(ids).size).toBe(120);
    expect(ids).toEqual(expectedOrder);
    expect(Object.keys(pages[0]!.results[0]!).sort()).toEqual([
      'adherence_last_7',
      'date_of_birth',
      'email',
      'first_name',
      'id',
      'last_name',
    ]);
  });

  it('still answers the plain array of every client without page or q', async () => {
    const res = await get(therapist, '');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual(expectedOrder);
  });

  it('answers an empty page past the last one, with the count and no next page', async () => {
    for (const page of [4, 2_147_483_647]) {
      expect(await pageOf(therapist, `?page=${page}`)).toEqual({ results: [], count: 120, next: null });
    }
  });

  it.each(['0', '-1', 'x', '1.5', '', '2147483648'])('refuses page=%s with 400', async (page) => {
    const res = await get(therapist, `?page=${page}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      fields: { page: 'Enter a page number of 1 or more.' },
    });
  });

  it('searches a part of the last name or the first name, in any letter case, over every page', async () => {
    const byLast = await pageOf(therapist, '?q=p0&by=last_name');
    expect(byLast.count).toBe(20);
    expect(idsOf(byLast.results)).toEqual(expectedOrder.slice(0, 20));
    expect(byLast.next).toBeNull();

    // Every client is an Alex: the first-name search pages like the whole list.
    const byFirst = await pageOf(therapist, '?q=LEX&by=first_name&page=3');
    expect(byFirst).toMatchObject({ count: 120, next: null });
    expect(idsOf(byFirst.results)).toEqual(expectedOrder.slice(100));
    expect((await pageOf(therapist, '?q=Alex&by=last_name')).count).toBe(0);
  });

  it('finds a client on a later page by name, and by the whole name either way round', async () => {
    const last = await pageOf(therapist, '?q=p59');
    expect(idsOf(last.results)).toEqual(expectedOrder.slice(-2));
    expect(expectedOrder.slice(0, 50)).not.toContain(last.results[0]!.id);
    for (const q of ['alex%20p59', 'P59,%20Alex']) {
      expect(idsOf((await pageOf(therapist, `?q=${q}`)).results)).toEqual(expectedOrder.slice(-2));
    }
  });

  it('compares a date of birth as a date, typed yyyy-MM-dd or as the list shows it', async () => {
    const wanted = [...birthdayIds].sort((a, b) => expectedOrder.indexOf(a) - expectedOrder.indexOf(b));
    for (const query of [`?q=${BIRTHDAY}&by=date_of_birth`, `?q=${BIRTHDAY}`, '?q=02/09/1971']) {
      const page = await pageOf(therapist, query);
      expect(page.count, query).toBe(3);
      expect(idsOf(page.results), query).toEqual(wanted);
    }
    expect((await pageOf(therapist, '?q=1971-09-03&by=date_of_birth')).count).toBe(0);
  });

  it('refuses a date-of-birth search that is not a date, and a search longer than a name', async () => {
    for (const q of ['02/09/1971', '1971-02-30', 'Alex']) {
      const res = await get(therapist, `?q=${q}&by=date_of_birth`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().fields, q).toEqual({ q: VALIDATION_TEXTS.invalidDate });
    }
    const long = await get(therapist, `?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ q: VALIDATION_TEXTS.tooLong });
    expect((await get(therapist, '?q=a&by=middle_name')).statusCode).toBe(400);
  });

  it("never lists another clinic's clients, also through a search that matches them", async () => {
    const theirs = await pageOf(otherClinic.therapist, '?page=1');
    expect(theirs.count).toBe(2);
    expect(idsOf(theirs.results)).toContain(otherClinic.clientId);
    for (const query of ['?page=1', '?q=p07', `?q=${BIRTHDAY}&by=date_of_birth`, '?q=Alex&by=first_name']) {
      const ours = await pageOf(therapist, query);
      expect(idsOf(ours.results), query).not.toContain(otherClinic.clientId);
    }
    const ourSearch = await pageOf(otherClinic.therapist, '?q=p0&by=last_name');
    expect(idsOf(ourSearch.results)).toEqual([otherClinic.clientId]);
  });

  it('treats % and _ as characters to find, not wildcards', async () => {
    const { clinicId, therapist: owner } = await buildCareTeam(t.ctx);
    const underscored = await buildClient(t.ctx, clinicId, owner.id, { lastName: 'O_Brien' });
    await buildClient(t.ctx, clinicId, owner.id, { lastName: 'Obrien' });
    const session = await login(t, owner);
    expect(idsOf((await pageOf(session, '?q=_&by=last_name')).results)).toEqual([underscored.id]);
    expect((await pageOf(session, '?q=%25')).count).toBe(0);
  });

  it('pages a therapist without a clinic over their own clients, and staff over everyone', async () => {
    const solo = await buildTherapist(t.ctx, null);
    const mine = await buildClient(t.ctx, null, solo.id, { lastName: 'Solo' });
    await buildClient(t.ctx, null, (await buildTherapist(t.ctx, null)).id, { lastName: 'Solo' });
    expect(await pageOf(await login(t, solo), '?q=solo')).toMatchObject({ count: 1, next: null });

    const staff = await pageOf(await login(t, await buildStaff(t.ctx)), '?page=1');
    expect(staff.count).toBeGreaterThanOrEqual(125);
    expect(staff.results).toHaveLength(50);
    expect(staff.next).toBe(2);
    const everyone = await pageOf(await login(t, await buildStaff(t.ctx)), '?q=solo');
    expect(everyone.count).toBe(2);
    expect(idsOf(everyone.results)).toContain(mine.id);
  });

  it('writes one audit read naming the clients of the page returned', async () => {
    const res = await get(therapist, '?page=2');
    const shown = idsOf(res.json<{ results: { id: number }[] }>().results);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'read', targetType: 'client' });
    expect([...rows[0]!.targetIds].sort((a, b) => a - b)).toEqual([...shown].sort((a, b) => a - b));
  });

  it('answers 401 without an access token and 403 to a client', async () => {
    const anonymous = await get(null, '?page=1&q=p0');
    expect(anonymous.statusCode).toBe(401);
    const { client } = await buildCareTeam(t.ctx);
    const asClient = await get(await login(t, client), '?page=1');
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
  });
});
