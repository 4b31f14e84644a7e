import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { TRANSLATION_MESSAGES } from '@hep/shared/schemas/exercise-translations';
import { libraryExercises } from '../../db/schema/library-exercises';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { sendForm } from '../../../test/program-factories';
import { readStarterLibrary } from './starter-library';
import { buildLibraryItem, call, libraryPage } from './library.test-support';

// Library items in other languages (docs/product/library-and-templates.md#translations).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/library/exercises/';
const STARTER_LIBRARY = readStarterLibrary();
const SPANISH = {
  name: 'Flexiones contra la pared',
  instructions: 'Póngase de pie frente a una pared, a un brazo de distancia.',
};
const clinicItemsOf = (clinicId: number) =>
  t.ctx.db.select().from(libraryExercises).where(eq(libraryExercises.clinicId, clinicId));

async function therapistSession() {
  const team = await buildCareTeam(t.ctx);
  return { ...team, session: await login(t, team.therapist) };
}

describe('translations on a library item', () => {
  it('come with every starter item read, in the four languages the file gives', async () => {
    const { session } = await therapistSession();
    const page = await libraryPage(t, session, '?q=sit');
    const starter = page.results.find((i) => i.starter)!;
    const shipped = STARTER_LIBRARY.items.find((i) => i.name === starter.name)!;
    const read = await call(t, session, 'GET', `${URL}${starter.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().translations).toEqual(shipped.translations);
    expect(Object.keys(read.json().translations).sort()).toEqual(['ar', 'es', 'vi', 'zh-Hans']);
    expect(starter.translations).toEqual(shipped.translations);
  });

  it('are an empty object on a clinic item that has none', async () => {
    const { clinicId, therapist, session } = await therapistSession();
    const id = await buildLibraryItem(t, { clinicId, createdById: therapist.id });
    expect((await call(t, session, 'GET', `${URL}${id}/`)).json().translations).toEqual({});
  });

  it('round-trip on a clinic item: a Spanish translation saved from JSON is read back as sent, trimmed', async () => {
    const { session } = await therapistSession();
    const created = await call(t, session, 'POST', URL, {
      name: 'Wall push-ups',
      instructions: 'Stand an arm’s length from a wall.',
      translations: { es: { name: `  ${SPANISH.name} `, instructions: SPANISH.instructions } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Wall push-ups', translations: { es: SPANISH } });
    const read = await call(t, session, 'GET', `${URL}${created.json().id}/`);
    expect(read.json().translations).toEqual({ es: SPANISH });
  });

  it('arrive in a multipart form as one JSON field, and a change replaces them all or leaves them', async () => {
    const { session } = await therapistSession();
    const created = await sendForm(t, session, 'POST', URL, {
      name: 'Wall push-ups',
      translations: JSON.stringify({ es: SPANISH, vi: { name: 'Chống đẩy vào tường', instructions: '' } }),
    });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    expect(created.json().translations).toEqual({
      es: SPANISH,
      vi: { name: 'Chống đẩy vào tường', instructions: '' },
    });
    // Left out: they stay.
    const renamed = await call(t, session, 'PUT', `${URL}${id}/`, { name: 'Wall press' });
    expect(renamed.json().translations).toMatchObject({ es: SPANISH });
    // Sent: the languages sent are all there is now.
    const arabic = { name: 'تمرين الضغط على الجدار', instructions: 'قف أمام جدار على بُعد ذراع.' };
    const replaced = await sendForm(t, session, 'PUT', `${URL}${id}/`, {
      name: 'Wall press',
      translations: JSON.stringify({ ar: arabic }),
    });
    expect(replaced.json().translations).toEqual({ ar: arabic });
    const cleared = await sendForm(t, session, 'PUT', `${URL}${id}/`, {
      name: 'Wall press',
      translations: '',
    });
    expect(cleared.json().translations).toEqual({});
    expect((await call(t, session, 'GET', `${URL}${id}/`)).json().translations).toEqual({});
  });
});

describe('a translation the API refuses', () => {
  const refused = async (
    session: Session,
    clinicId: number,
    body: object,
    fields: Record<string, string>,
  ) => {
    const res = await call(t, session, 'POST', URL, { name: 'Wall push-ups', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields });
    expect(await clinicItemsOf(clinicId)).toEqual([]);
  };

  it('names the field for a language we do not offer', async () => {
    const { clinicId, session } = await therapistSession();
    await refused(
      session,
      clinicId,
      { translations: { fr: { name: 'Pompes au mur', instructions: '' } } },
      { translations: TRANSLATION_MESSAGES.unknownLanguage },
    );
    expect(TRANSLATION_MESSAGES.unknownLanguage).toBe('Translations can be in es, zh-Hans, vi and ar only.');
  });

  it('names the field for half a pair, a blank name, too long a text, or not an object', async () => {
    const { clinicId, session } = await therapistSession();
    await refused(
      session,
      clinicId,
      { translations: { es: { name: SPANISH.name } } },
      { 'translations.es.instructions': TRANSLATION_MESSAGES.needsBoth },
    );
    await refused(
      session,
      clinicId,
      { translations: { es: { name: ' ', instructions: 'Sí.' } } },
      { 'translations.es.name': PROGRAM_TEXTS.exerciseNameRequired },
    );
    await refused(
      session,
      clinicId,
      { translations: { 'zh-Hans': { name: '推墙', instructions: '慢'.repeat(5001) } } },
      { 'translations.zh-Hans.instructions': VALIDATION_TEXTS.tooLong },
    );
    await refused(
      session,
      clinicId,
      { translations: ['es'] },
      { translations: TRANSLATION_MESSAGES.notTranslations },
    );
  });

  it('refuses a NUL character in a translation, from JSON and from a form, saving nothing', async () => {
    const { clinicId, session } = await therapistSession();
    await refused(
      session,
      clinicId,
      { translations: { es: { name: SPANISH.name, instructions: 'Uno\u0000dos.' } } },
      { 'translations.es.instructions': VALIDATION_TEXTS.invalidCharacter },
    );
    const form = await sendForm(t, session, 'POST', URL, {
      name: 'Wall push-ups',
      translations: JSON.stringify({ es: { name: 'Flexi\u0000ones', instructions: '' } }),
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({
      fields: { 'translations.es.name': VALIDATION_TEXTS.invalidCharacter },
    });
    expect(await clinicItemsOf(clinicId)).toEqual([]);
  });

  it('keeps the item as it was when a change sends a bad translation', async () => {
    const { clinicId, therapist, session } = await therapistSession();
    const id = await buildLibraryItem(
      t,
      { clinicId, createdById: therapist.id },
      { translations: { es: SPANISH } },
    );
    const res = await call(t, session, 'PUT', `${URL}${id}/`, {
      name: 'Renamed',
      translations: { es: SPANISH, de: { name: 'Liegestütze', instructions: '' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ translations: TRANSLATION_MESSAGES.unknownLanguage });
    expect((await clinicItemsOf(clinicId))[0]).toMatchObject({
      name: 'Clinic exercise',
      translations: { es: SPANISH },
    });
  });
});
