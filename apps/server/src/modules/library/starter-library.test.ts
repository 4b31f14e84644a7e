import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import { TRANSLATED_LANGUAGES } from '@hep/shared/languages';
import { ZLibraryExerciseFields } from '@hep/shared/schemas/library';
import { libraryExercises } from '../../db/schema/library-exercises';
import { createTestApp, type TestApp } from '../../../test/helper';
import { readStarterLibrary, STARTER_LIBRARY_FILE } from './starter-library';
import { loadStarterLibrary } from './starter-library.service';

const STARTER_LIBRARY = readStarterLibrary();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const starterRows = () =>
  t.ctx.db
    .select()
    .from(libraryExercises)
    .where(isNotNull(libraryExercises.starterKey))
    .orderBy(asc(libraryExercises.starterKey));

describe('the starter library file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hep-starter-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** `text` written to a file of its own; its path. */
  const brokenFile = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('passes its schema as shipped, with a version', () => {
    expect(readStarterLibrary(STARTER_LIBRARY_FILE)).toEqual(STARTER_LIBRARY);
    expect(Number.isInteger(STARTER_LIBRARY.version)).toBe(true);
    expect(STARTER_LIBRARY.version).toBeGreaterThan(0);
  });

  it('refuses a broken file, saying which file and what is wrong where', () => {
    const [first, second, ...rest] = STARTER_LIBRARY.items;
    const broken = {
      version: STARTER_LIBRARY.version,
      items: [{ ...first!, reps: 0 }, { ...second!, key: first!.key }, ...rest],
    };
    const file = brokenFile('broken.json', JSON.stringify(broken));
    expect(() => readStarterLibrary(file)).toThrow(`The starter library ${file} is not valid: `);
    expect(() => readStarterLibrary(file)).toThrow(/items\[0\]\.reps: .*>=1/);
    expect(() => readStarterLibrary(file)).toThrow(`items[1].key: Duplicate key ${first!.key}`);
  });

  it('refuses an item without every translation, or with a language we do not offer', () => {
    const [first, ...rest] = STARTER_LIBRARY.items;
    const { vi: _vi, ...withoutVi } = first!.translations;
    const missing = brokenFile(
      'missing-language.json',
      JSON.stringify({ version: 1, items: [{ ...first!, translations: withoutVi }, ...rest] }),
    );
    expect(() => readStarterLibrary(missing)).toThrow(/items\[0\]\.translations\.vi: /);
    const extra = { ...first!.translations, fr: { name: 'Debout', instructions: 'Un. Deux. Trois.' } };
    const unknown = brokenFile(
      'unknown-language.json',
      JSON.stringify({ version: 1, items: [{ ...first!, translations: extra }, ...rest] }),
    );
    expect(() => readStarterLibrary(unknown)).toThrow(/items\[0\]\.translations/);
  });

  it('refuses a file without a version, with an unknown field, or that is not JSON', () => {
    const { items } = STARTER_LIBRARY;
    const noVersion = brokenFile('no-version.json', JSON.stringify({ items }));
    expect(() => readStarterLibrary(noVersion)).toThrow(/is not valid: \.version: /);
    const unknown = brokenFile(
      'unknown.json',
      JSON.stringify({ version: 1, items: [{ ...items[0]!, dose: 3 }] }),
    );
    expect(() => readStarterLibrary(unknown)).toThrow(/items\[0\]: Unrecognized key: "dose"/);
    const notJson = brokenFile('not-json.json', '{ "version": 1, ');
    expect(() => readStarterLibrary(notJson)).toThrow(
      `The starter library ${notJson} is not readable JSON: `,
    );
  });
});

describe('the starter library data', () => {
  it('has about 40 items with unique keys, each one a valid library save in plain short sentences', () => {
    const { items } = STARTER_LIBRARY;
    expect(items.length).toBeGreaterThanOrEqual(38);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
    for (const item of items) {
      // A valid save, its translations included (the checks a clinic's own translations get).
      const parsed = ZLibraryExerciseFields.safeParse(item);
      expect(parsed.success, item.key).toBe(true);
      // Stored as given: already trimmed and normalized.
      expect(parsed.data!.tags, item.key).toEqual(item.tags);
      expect(item.tags.length, item.key).toBeGreaterThan(0);
      const sentences = item.instructions.split(/[.!?](?:\s|$)/).filter((s) => s.trim());
      expect(sentences.length, item.key).toBeGreaterThanOrEqual(3);
      expect(sentences.length, item.key).toBeLessThanOrEqual(5);
      expect(
        DOSAGE_FIELDS.some((f) => item[f] !== undefined),
        item.key,
      ).toBe(true);
    }
  });

  // docs/product/library-and-templates.md#translations: every item in every language, written for it.
  it('gives every item a name and instructions in each of the four other languages, none left in English', () => {
    for (const item of STARTER_LIBRARY.items) {
      expect(Object.keys(item.translations).sort(), item.key).toEqual([...TRANSLATED_LANGUAGES].sort());
      for (const language of TRANSLATED_LANGUAGES) {
        const { name, instructions } = item.translations[language];
        const where = `${item.key} ${language}`;
        expect(name.trim(), where).not.toBe('');
        expect(instructions.trim(), where).not.toBe('');
        expect(name, where).not.toBe(item.name);
        expect(instructions, where).not.toBe(item.instructions);
      }
    }
    // Each language's texts are its own: no two items share a name within a language.
    for (const language of TRANSLATED_LANGUAGES) {
      const names = STARTER_LIBRARY.items.map((i) => i.translations[language].name);
      expect(new Set(names).size, language).toBe(names.length);
    }
  });

  // The areas docs/product/library-and-templates.md#starter-library names.
  it('covers each area the starter library promises', () => {
    const tags = new Set(STARTER_LIBRARY.items.flatMap((i) => i.tags));
    for (const tag of [
      'balance',
      'sit to stand',
      'gait',
      'upper limb',
      'stroke',
      'dexterity',
      "parkinson's",
      'large movement',
      'vestibular',
      'fatigue friendly',
      'seated',
      'oral motor',
      'speech',
    ]) {
      expect(tags.has(tag), tag).toBe(true);
    }
  });
});

describe('loadStarterLibrary', () => {
  it('is in the database at start, without a clinic, each item with its picture', async () => {
    const rows = await starterRows();
    expect(rows.map((r) => r.starterKey)).toEqual(STARTER_LIBRARY.items.map((i) => i.key).sort());
    const first = STARTER_LIBRARY.items[0]!;
    expect(rows.find((r) => r.starterKey === first.key)).toMatchObject({
      name: first.name,
      instructions: first.instructions,
      tags: first.tags,
      translations: first.translations,
      starterVersion: STARTER_LIBRARY.version,
      clinicId: null,
      imageMediaId: expect.any(Number),
      videoMediaId: null,
    });
  });

  it('changes nothing when the same version loads again', async () => {
    const before = await starterRows();
    expect(await loadStarterLibrary(t.ctx.db)).toEqual([]);
    expect(await loadStarterLibrary(t.ctx.db)).toEqual([]);
    expect(await starterRows()).toEqual(before);
  });

  it('rewrites every item for a newer version, keeping ids, and adds new keys; an older one writes nothing', async () => {
    const before = await starterRows();
    const [first, ...rest] = STARTER_LIBRARY.items;
    const newer = {
      version: STARTER_LIBRARY.version + 1,
      items: [
        {
          ...first!,
          name: 'Renamed starter',
          tags: ['renamed'],
          sets: 4,
          reps: undefined,
          translations: {
            ...first!.translations,
            es: { name: 'Renombrado', instructions: 'Uno. Dos. Tres.' },
          },
        },
        ...rest,
        {
          key: 'test-new-item',
          name: 'Brand new',
          instructions: 'One. Two. Three.',
          tags: ['new'],
          translations: first!.translations,
        },
      ],
    };
    const written = await loadStarterLibrary(t.ctx.db, newer);
    expect(written.sort()).toEqual([...newer.items.map((i) => i.key)].sort());
    const after = await starterRows();
    const renamed = after.find((r) => r.starterKey === first!.key)!;
    expect(renamed).toMatchObject({
      id: before.find((r) => r.starterKey === first!.key)!.id,
      name: 'Renamed starter',
      tags: ['renamed'],
      sets: 4,
      reps: null,
      translations: { ...first!.translations, es: { name: 'Renombrado', instructions: 'Uno. Dos. Tres.' } },
      starterVersion: newer.version,
    });
    expect(after.find((r) => r.starterKey === 'test-new-item')).toMatchObject({
      name: 'Brand new',
      sets: null,
    });
    expect(after.every((r) => r.starterVersion === newer.version)).toBe(true);

    expect(await loadStarterLibrary(t.ctx.db)).toEqual([]);
    expect((await starterRows()).find((r) => r.starterKey === first!.key)!.name).toBe('Renamed starter');
  });

  it('is safe when two processes load at once', async () => {
    const next = { version: STARTER_LIBRARY.version + 2, items: STARTER_LIBRARY.items };
    const [a, b] = await Promise.all([
      loadStarterLibrary(t.ctx.db, next),
      loadStarterLibrary(t.ctx.db, next),
    ]);
    expect([...a, ...b].sort()).toEqual(STARTER_LIBRARY.items.map((i) => i.key).sort());
    const rows = await starterRows();
    expect(new Set(rows.map((r) => r.starterKey)).size).toBe(rows.length);
  });
});
