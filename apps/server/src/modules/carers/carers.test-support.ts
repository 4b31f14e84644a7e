import type { TestApp } from '../../../test/helper';
import { callAs, type TestUser } from '../../../test/factories';

export const call = callAs;

/** A valid invitation, with `overrides`. */
export const invitation = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Maria',
  last_name: 'Lopez',
  email: `maria-${Math.random().toString(36).slice(2, 10)}@example.test`,
  relationship: 'Daughter',
  access: 'view',
  ...overrides,
});

export const invite = (t: TestApp, user: TestUser | null, clientId: number, payload: object) =>
  call(t, user, 'POST', `/api/clients/${clientId}/carers/`, payload);
