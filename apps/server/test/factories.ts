import { randomUUID } from 'node:crypto';
import type { AppContext } from '../src/context';
import { hashPassword } from '../src/modules/auth/passwords';
import type { TCarerAccess } from '@hep/shared/schemas/carers';
import { insertLink } from '../src/modules/carers/carers.repository';
import { insertClinic } from '../src/modules/clinics/clinics.repository';
import { type NewUser, insertUser, updateUserFields } from '../src/modules/users/users.repository';
import { nextIp, type TestApp } from './helper';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export const buildClinic = (ctx: AppContext, name = `Clinic ${randomUUID().slice(0, 6)}`) =>
  insertClinic(ctx.db, name);

async function buildUser(ctx: AppContext, prefix: string, input: Partial<NewUser>): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = input.email ?? uniqueEmail(prefix);
  const id = await insertUser(ctx.db, {
    firstName: prefix[0]!.toUpperCase() + prefix.slice(1),
    lastName: 'Tester',
    passwordHash: await passwordHash,
    agreedToTerms: true,
    ...input,
    email,
  });
  return { id, email, password: TEST_PASSWORD };
}

export const buildStaff = (ctx: AppContext, input: Partial<NewUser> = {}) =>
  buildUser(ctx, 'staff', { isStaff: true, ...input });

export const buildTherapist = (ctx: AppContext, clinicId: number | null, input: Partial<NewUser> = {}) =>
  buildUser(ctx, 'therapist', {
    isTherapist: true,
    therapist: { discipline: 'Physiotherapist', clinicId },
    ...input,
  });

export const buildClient = (
  ctx: AppContext,
  clinicId: number | null,
  createdById: number | null,
  input: Partial<NewUser> = {},
) =>
  buildUser(ctx, 'client', {
    dateOfBirth: '1960-05-01',
    mobile: '0400 111 222',
    client: { condition: 'Stroke', clinicId, createdById },
    ...input,
  });

/** A clinic with a therapist and a client of theirs: the usual starting point. */
export async function buildCareTeam(ctx: AppContext) {
  const clinicId = await buildClinic(ctx);
  const therapist = await buildTherapist(ctx, clinicId);
  const client = await buildClient(ctx, clinicId, therapist.id);
  return { clinicId, therapist, client };
}

export const buildCarer = (ctx: AppContext, input: Partial<NewUser> = {}) =>
  buildUser(ctx, 'carer', { isCarer: true, ...input });

/** A live link from the carer to the client (made by `createdById`), `view` unless told. */
export const buildCarerLink = (
  ctx: AppContext,
  carerId: number,
  clientId: number,
  createdById: number,
  link: { access?: TCarerAccess; expiresOn?: string | null; relationship?: string } = {},
) =>
  insertLink(
    ctx.db,
    {
      carerId,
      clientId,
      createdById,
      relationship: link.relationship ?? 'Daughter',
      access: link.access ?? 'view',
      expiresOn: link.expiresOn ?? null,
    },
    ctx.now(),
    ctx.now().toISOString().slice(0, 10),
  );

export const deactivate = (ctx: AppContext, id: number) => updateUserFields(ctx.db, id, { isActive: false });

export interface Session {
  access: string;
  refresh: string;
  cookie: string;
  headers: { authorization: string };
}

export async function login(t: TestApp, user: { email: string; password: string }): Promise<Session> {
  // Each login from its own address, so that a file with many logins stays under the per-IP limit.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { email: user.email, password: user.password },
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ access: string; refresh: string }>();
  const cookie = res.cookies.find((c) => c.name === 'hep_refresh')!;
  return {
    access: body.access,
    refresh: body.refresh,
    cookie: `${cookie.name}=${cookie.value}`,
    headers: { authorization: `Bearer ${body.access}` },
  };
}

/** One request as `user` (signed in afresh; null: signed out), with a JSON `payload` when given. */
export async function callAs(
  t: TestApp,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const auth = user ? (await login(t, user)).headers : {};
  return t.app.inject({ method, url, payload, headers: { ...auth, ...headers } });
}
