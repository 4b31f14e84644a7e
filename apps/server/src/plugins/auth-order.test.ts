import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextIp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the auth guard runs before body validation', () => {
  it('answers 401, not 400, to a stranger sending a bad body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/add/',
      remoteAddress: nextIp(),
      payload: { first_name: '' },
    });
    expect(res.statusCode).toBe(401);
  });
});
