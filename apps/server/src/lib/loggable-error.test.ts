import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error';

describe('loggableError', () => {
  it('keeps a failed query out of the log but its values', () => {
    const cause = Object.assign(new Error('date/time field value out of range: "0000-01-01"'), {
      code: '22008',
      routine: 'DateTimeParseError',
      detail: 'Key (email)=(jamie.lee@example.test) already exists.',
    });
    const error = new DrizzleQueryError(
      'update "users" set "email" = $1, "date_of_birth" = $2 where "users"."id" = $3',
      ['jamie.lee@example.test', '0000-01-01', 7],
      cause,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain('jamie.lee');
    expect(logged).not.toContain('0000-01-01');
    expect(logged).toContain('update \\"users\\"');
    expect(logged).toContain('22008');
  });

  it('keeps the message and stack of any other error', () => {
    const logged = loggableError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(String(logged.stack)).toContain('loggable-error.test');
  });

  it("keeps PostgreSQL's own error but the values it quotes: no detail, where or hint", () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "Jamie"'), {
      name: 'DatabaseError',
      code: '22P02',
      severity: 'ERROR',
      routine: 'pg_strtoint32_safe',
      detail: 'Key (email)=(jamie.lee@example.test) already exists.',
      where: "unnamed portal parameter $1 = 'Jamie'",
      hint: 'Jamie',
    });
    const logged = loggableError(error);
    expect(logged).toMatchObject({ type: 'DatabaseError', code: '22P02', routine: 'pg_strtoint32_safe' });
    expect(JSON.stringify(logged)).not.toMatch(/Jamie|jamie|example\.test/);
  });

  it('takes addresses out of any message, and follows the cause', () => {
    const cause = new Error('550 <jamie.lee@example.test>: mailbox unavailable');
    const logged = loggableError(new Error('mail to jamie.lee%40example.test failed', { cause }));
    expect(logged).toMatchObject({
      message: 'mail to [redacted] failed',
      cause: { message: '550 <[redacted]>: mailbox unavailable' },
    });
    expect(loggableError('jamie.lee@example.test')).toEqual({ type: 'string' });
  });
});
