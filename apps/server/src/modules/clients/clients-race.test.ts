import { eq, sql } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { buildCareTeam, buildClient, login } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Another request taking the address between our availability check and our write, made deterministic:
 * a trigger registers the same address (in capitals) just before the row is written, so the write hits
 * the unique index exactly as it would in a real race. Only addresses starting with "race-" are affected.
 */
async function raceEveryWriteOfAnAddress() {
  await t.ctx.db.execute(
    sql.raw(`
    create or replace function test_take_email_first() returns trigger language plpgsql as $$
    begin
      if new.email like 'race-%' then
        insert into users (email, first_name, last_name) values (upper(new.email), 'Racing', 'Request');
      end if;
      return new;
    end $$`),
  );
  await t.ctx.db.execute(
    sql.raw(`create trigger test_take_email_first before insert or update of email on users
      for each row execute function test_take_email_first()`),
  );
}
afterEach(async () => {
  await t.ctx.db.execute(sql.raw('drop trigger if exists test_take_email_first on users'));
});

const TAKEN = { error: AUTH_TEXTS.emailTaken, code: 'conflict', fields: { email: AUTH_TEXTS.emailTaken } };

describe('an address taken by a racing request', () => {
  it('answers 409 to POST /users/add/, never a 500, and creates nothing', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const email = `race-add-${therapist.id}@example.test`;
    await raceEveryWriteOfAnAddress();
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/add/',
      headers: session.headers,
      remoteAddress: nextIp(),
      payload: {
        first_name: 'Rae',
        last_name: 'Cing',
        date_of_birth: '1980-01-01',
        email,
        mobile: '0400 000 000',
        condition: 'Stroke',
      },
    });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(TAKEN);
    await t.deliverMail();
    expect(t.mailbox.messages.length).toBe(before);
    const rows = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toEqual([]);
  });

  it('answers 409 to PUT /users/edit_client/, never a 500, and changes nothing', async () => {
    // A client not yet activated: their email changes at once (an activated one's waits for a confirmation link).
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const client = await buildClient(t.ctx, clinicId, therapist.id, { passwordHash: null });
    const session = await login(t, therapist);
    await raceEveryWriteOfAnAddress();

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/edit_client/',
      headers: session.headers,
      remoteAddress: nextIp(),
      payload: {
        id: client.id,
        first_name: 'Changed',
        last_name: 'Name',
        date_of_birth: '1980-01-01',
        email: `race-edit-${client.id}@example.test`,
        mobile: '0400 000 000',
        condition: 'Stroke',
        receives_sms: true,
        receives_email: true,
      },
    });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(TAKEN);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ email: client.email, firstName: 'Client', receivesSms: false });
  });
});
