import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { LIBRARY_MESSAGES } from '@hep/shared/schemas/library';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildLibraryItem, call, libraryPage, namesOf } from './library.test-support';

let t: TestApp;
let session: Session;
let owner: { clinicId: number; createdById: number };
beforeAll(async () => {
  t = await createTestApp();
  const team = await buildCareTeam(t.ctx);
  session = await login(t, team.therapist);
  owner = { clinicId: team.clinicId, createdById: team.therapist.id };
});
afterAll(() => t.close());

describe('GET /api/library/exercises/?q=', () => {
  it('finds a word that is only inside the instructions', async () => {
    await buildLibraryItem(t, owner, {
      name: 'Towel work',
      instructions: 'Scrunch the towel with your toes, then flatten it.',
    });
    expect(namesOf((await libraryPage(t, session, '?q=scrunch')).results)).toEqual(['Towel work']);
  });

  it('matches a word being typed as a prefix, and stems whole words', async () => {
    const prefix = await libraryPage(t, session, '?q=bala');
    expect(prefix.count).toBeGreaterThan(0);
    expect(
      prefix.results.every((i) => /balanc/i.test(`${i.name} ${i.tags.join(' ')} ${i.instructions}`)),
    ).toBe(true);
    const stemmed = await libraryPage(t, session, '?q=balancing');
    expect(stemmed.count).toBe(prefix.count);
  });

  it('needs every word, and ignores punctuation', async () => {
    await buildLibraryItem(t, owner, { name: 'Zebra crossing walk', instructions: 'Walk across the room.' });
    await buildLibraryItem(t, owner, { name: 'Zebra stretch', instructions: 'Reach up high.' });
    expect(namesOf((await libraryPage(t, session, '?q=zebra')).results)).toEqual([
      'Zebra crossing walk',
      'Zebra stretch',
    ]);
    const both = await libraryPage(t, session, `?q=${encodeURIComponent("zeb!ra's & cross | (")}`);
    expect(namesOf(both.results)).toEqual([]);
    const words = await libraryPage(t, session, `?q=${encodeURIComponent('zebra: cross*!')}`);
    expect(namesOf(words.results)).toEqual(['Zebra crossing walk']);
  });

  it('ranks a name match above an instructions match', async () => {
    await buildLibraryItem(t, owner, {
      name: 'Aardvark march',
      instructions: 'Quokka steps, quokka turns and quokka hops around the room.',
    });
    await buildLibraryItem(t, owner, { name: 'Quokka hop', instructions: 'Hop on the spot.' });
    expect(namesOf((await libraryPage(t, session, '?q=quokka')).results)).toEqual([
      'Quokka hop',
      'Aardvark march',
    ]);
  });

  it('finds a tag, and searches the starter library', async () => {
    await buildLibraryItem(t, owner, { name: 'Plain name', tags: ['wombat'] });
    expect(namesOf((await libraryPage(t, session, '?q=womb')).results)).toEqual(['Plain name']);
    const starter = await libraryPage(t, session, '?q=tongue');
    expect(starter.results.length).toBeGreaterThan(0);
    expect(starter.results.every((i) => i.starter)).toBe(true);
  });

  it('lists everything by name for a q with no word in it, or only words too common to search', async () => {
    const all = await libraryPage(t, session);
    expect(await libraryPage(t, session, `?q=${encodeURIComponent(' -!- ')}`)).toEqual(all);
    expect(await libraryPage(t, session, '?q=the%20both')).toEqual(all);
    await buildLibraryItem(t, owner, { name: 'Both arms up', instructions: 'Lift them.' });
    expect(namesOf((await libraryPage(t, session, '?q=both%20arms')).results)).toContain('Both arms up');
  });

  it('refuses a q over 200 characters', async () => {
    const res = await call(t, session, 'GET', `/api/library/exercises/?q=${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { q: VALIDATION_TEXTS.tooLong } });
  });
});

describe('GET /api/library/exercises/?tag=', () => {
  it('keeps the items that carry every tag given, in any letter case', async () => {
    await buildLibraryItem(t, owner, { name: 'Tagged twice', tags: ['koala', 'emu'] });
    await buildLibraryItem(t, owner, { name: 'Tagged one', tags: ['koala'] });
    expect(namesOf((await libraryPage(t, session, '?tag=koala')).results)).toEqual([
      'Tagged one',
      'Tagged twice',
    ]);
    expect(namesOf((await libraryPage(t, session, '?tag=KOALA&tag=emu')).results)).toEqual(['Tagged twice']);
    expect(namesOf((await libraryPage(t, session, '?tag=koala&q=tagged%20twi')).results)).toEqual([
      'Tagged twice',
    ]);
    const starters = await libraryPage(t, session, `?tag=${encodeURIComponent("parkinson's")}&tag=seated`);
    expect(starters.count).toBeGreaterThan(0);
    expect(starters.results.every((i) => i.tags.includes("parkinson's") && i.tags.includes('seated'))).toBe(
      true,
    );
  });

  it('refuses a tag over 40 characters and more than 10 tags', async () => {
    const long = await call(t, session, 'GET', `/api/library/exercises/?tag=${'x'.repeat(41)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { tag: LIBRARY_MESSAGES.tagLength } });
    const many = Array.from({ length: 11 }, (_, i) => `tag=t${i}`).join('&');
    const tooMany = await call(t, session, 'GET', `/api/library/exercises/?${many}`);
    expect(tooMany.json()).toMatchObject({ fields: { tag: LIBRARY_MESSAGES.tooManyTags } });
  });
});

describe('GET /api/library/exercises/?page=', () => {
  it('pages 25 at a time with the count and the next page, null at the end', async () => {
    for (let i = 0; i < 27; i += 1) {
      await buildLibraryItem(t, owner, { name: `Paged ${String(i).padStart(2, '0')}`, tags: ['paged'] });
    }
    const first = await libraryPage(t, session, '?tag=paged');
    const second = await libraryPage(t, session, '?tag=paged&page=2');
    expect([first.count, first.results.length, first.next]).toEqual([27, 25, 2]);
    expect([second.count, second.results.length, second.next]).toEqual([27, 2, null]);
    expect(namesOf([...first.results, ...second.results])).toEqual(
      Array.from({ length: 27 }, (_, i) => `Paged ${String(i).padStart(2, '0')}`),
    );
    expect(await libraryPage(t, session, '?tag=paged&page=3')).toEqual({
      results: [],
      count: 27,
      next: null,
    });
  });

  it.each(['0', '-1', 'x', '1.5', '2147483648'])('refuses page=%s with 400 on page', async (page) => {
    const res = await call(t, session, 'GET', `/api/library/exercises/?page=${page}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      fields: { page: LIBRARY_MESSAGES.invalidPage },
    });
  });
});
