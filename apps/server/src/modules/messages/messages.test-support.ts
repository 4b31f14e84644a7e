import type { TestApp } from '../../../test/helper';
import { callAs, type TestUser } from '../../../test/factories';

export const call = callAs;

export const send = (
  t: TestApp,
  user: TestUser | null,
  clientId: number,
  payload: object,
  headers: Record<string, string> = {},
) => call(t, user, 'POST', `/api/clients/${clientId}/messages/`, payload, headers);
