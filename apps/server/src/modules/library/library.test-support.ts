import type { TLibraryExercise, TLibraryPage } from '@hep/shared/schemas/library';
import { dosageValues } from '../../lib/dosage';
import { type Session } from '../../../test/factories';
import { nextIp, type TestApp } from '../../../test/helper';
import { insertLibraryExercise, type LibraryValues } from './library.repository';

// Helpers the library's API tests share: items made straight in the database, and the calls as a browser makes them.

/** A clinic item (clinicId null: a therapist's own, without a clinic) made in the database. */
export async function buildLibraryItem(
  t: TestApp,
  owner: { clinicId: number | null; createdById: number },
  values: Partial<LibraryValues> = {},
) {
  const row = await insertLibraryExercise(t.ctx.db, {
    name: 'Clinic exercise',
    instructions: 'Do it slowly.',
    tags: [],
    translations: {},
    ...dosageValues({}),
    imageMediaId: null,
    videoMediaId: null,
    ...values,
    ...owner,
    now: t.ctx.now(),
  });
  return row.id;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call (or none without `payload`) as `session`, or signed out with null. */
export const call = (t: TestApp, session: Session | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: session ? session.headers : {},
    remoteAddress: nextIp(),
  });

/** GET /api/library/exercises/ with a query string ('?q=bala'), expecting 200. */
export async function libraryPage(t: TestApp, session: Session, query = ''): Promise<TLibraryPage> {
  const res = await call(t, session, 'GET', `/api/library/exercises/${query}`);
  if (res.statusCode !== 200) throw new Error(`library list: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const namesOf = (items: TLibraryExercise[]) => items.map((i) => i.name);

export const NOT_FOUND = { error: 'Not found.', code: 'not_found' };
