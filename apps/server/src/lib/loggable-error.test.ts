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
});
