import { readFileSync } from 'node:fs';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { libraryExercises } from '../../db/schema/library-exercises';
import { media } from '../../db/schema/media';
import { shippedPath } from '../../lib/shipped-media';
import { buildCareTeam, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { readStarterLibrary } from './starter-library';
import { writeStarterLibrary } from './starter-library.repository';
import { readStarterPictures } from './starter-pictures';
import { call } from './library.test-support';

const STARTER_LIBRARY = readStarterLibrary();
const PICTURES = readStarterPictures(STARTER_LIBRARY.items);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const svgOf = (key: string) =>
  readFileSync(shippedPath(PICTURES.find((p) => p.key === key)!.storage_key), 'utf8');

describe('the starter pictures as shipped', () => {
  it('gives every starter exercise a picture', () => {
    expect(PICTURES.map((p) => p.key)).toEqual(STARTER_LIBRARY.items.map((i) => i.key));
  });

  it.each(STARTER_LIBRARY.items.map((i) => [i.key, i.name]))(
    '%s is a small, safe SVG with its name and a description as text alternative',
    (key, name) => {
      const svg = svgOf(key);
      expect(svg.length).toBeLessThan(6 * 1024);
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toMatch(/<svg [^>]*viewBox="0 0 480 270"/);
      expect(svg).toMatch(/<svg [^>]*role="img"/);
      expect(svg).toContain(`<title id="title">${name}</title>`);
      expect(svg).toMatch(/<desc id="desc">[^<]{20,}<\/desc>/);
      expect(svg).not.toMatch(/<(script|style|foreignObject|image|iframe|a)\b/i);
      expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
      // Only references inside the file itself.
      for (const [, target] of svg.matchAll(/href="([^"]*)"/g)) expect(target).toMatch(/^#/);
      expect(svg).not.toMatch(/url\((?!#)/);
    },
  );
});

describe('the starter pictures in the database', () => {
  it('are media rows the starter items refer to, with the bytes of the shipped files', async () => {
    const rows = await t.ctx.db
      .select({ key: libraryExercises.starterKey, media })
      .from(libraryExercises)
      .innerJoin(media, eq(media.id, libraryExercises.imageMediaId))
      .where(isNotNull(libraryExercises.starterKey));
    expect(rows).toHaveLength(STARTER_LIBRARY.items.length);
    for (const { key, media: row } of rows) {
      const picture = PICTURES.find((p) => p.key === key)!;
      expect(row).toMatchObject({
        kind: 'image',
        mime: 'image/svg+xml',
        size: picture.size,
        sha256: picture.sha256,
        storageKey: picture.storage_key,
        programId: null,
        ownerId: null,
      });
    }
  });

  it('are served by their signed URL as SVG that may run nothing, and a program can use them', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const list = await call(t, session, 'GET', '/api/library/exercises/?q=sit%20to%20stand');
    const item = list.json<{ results: TLibraryExercise[] }>().results.find((i) => i.starter)!;
    expect(item.image_url).toMatch(/^\/api\/media\/\d+\//);
    const res = await t.app.inject({ method: 'GET', url: item.image_url! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const key = (await t.ctx.db.select().from(libraryExercises).where(eq(libraryExercises.id, item.id)))[0]!
      .starterKey!;
    expect(res.body).toBe(svgOf(key));

    const program = await call(t, session, 'POST', '/api/programs/', {
      client_id: client.id,
      name: 'Pictures',
      start_date: '2025-03-03',
      end_date: '2025-04-28',
      days_of_week: ['MON'],
      is_draft: false,
      exercises: [{ name: item.name, instructions: item.instructions, image_media_id: item.image_media_id }],
    });
    expect(program.statusCode).toBe(201);
    const exercise = program.json().program.exercises[0];
    expect(exercise.image_media_id).toBe(item.image_media_id);
    const shown = await t.app.inject({ method: 'GET', url: exercise.image_url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/svg+xml');
  });

  it('take a redrawn file in place: the same row with the new bytes, still the item’s picture', async () => {
    const [first] = STARTER_LIBRARY.items;
    const picture = PICTURES[0]!;
    const redrawn = { ...picture, size: picture.size + 1, sha256: 'f'.repeat(64) };
    const before = await t.ctx.db.select().from(media).where(eq(media.storageKey, picture.storage_key));
    await writeStarterLibrary(t.ctx.db, STARTER_LIBRARY, [redrawn]);
    const after = await t.ctx.db.select().from(media).where(eq(media.storageKey, picture.storage_key));
    expect(after).toEqual([{ ...before[0]!, size: redrawn.size, sha256: redrawn.sha256 }]);
    const [item] = await t.ctx.db
      .select()
      .from(libraryExercises)
      .where(eq(libraryExercises.starterKey, first!.key));
    expect(item!.imageMediaId).toBe(before[0]!.id);
    await writeStarterLibrary(t.ctx.db, STARTER_LIBRARY, [picture]);
  });
});
