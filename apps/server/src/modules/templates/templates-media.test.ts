import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { media } from '../../db/schema/media';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, buildClient, buildTherapist, login, type Session } from '../../../test/factories';
import { sendForm } from '../../../test/program-factories';
import {
  call,
  createProgramWithMedia,
  fetchUrl,
  storedFiles,
  useTemplatesApp,
} from './templates.test-support';

const bed = useTemplatesApp();

const mediaRows = (ids: number[]) => bed.t.ctx.db.select().from(media).where(inArray(media.id, ids));

/** A program with a photo and a video, and a template made from it (same media, by reference). */
async function templateWithMedia(session: Session, clientId: number) {
  const program = await createProgramWithMedia(bed, session, clientId);
  const res = await call(bed, session, 'POST', '/api/templates/from-program/', {
    program_id: program.id,
    name: 'With media',
  });
  expect(res.statusCode).toBe(201);
  const template = res.json<TTemplate>();
  const ids = [template.exercises[0]!.image_media_id!, template.exercises[1]!.video_media_id!];
  return { program, template, ids };
}

const deleteProgram = (session: Session, id: number) => call(bed, session, 'DELETE', `/api/programs/${id}/`);

describe('a template’s media', () => {
  it('deleting a template keeps the files a program still uses', async () => {
    const { therapist, client } = await buildCareTeam(bed.t.ctx);
    const session = await login(bed.t, therapist);
    const { program, template, ids } = await templateWithMedia(session, client.id);
    const files = storedFiles(bed).length;
    expect((await call(bed, session, 'DELETE', `/api/templates/${template.id}/`)).statusCode).toBe(204);
    expect(storedFiles(bed)).toHaveLength(files);
    expect(await mediaRows(ids)).toHaveLength(2);
    expect((await fetchUrl(bed, program.exercises[0]!.image_url!)).statusCode).toBe(200);
  });

  it('outlives the program it came from, and goes with the template when nothing else uses it', async () => {
    const { therapist, client } = await buildCareTeam(bed.t.ctx);
    const session = await login(bed.t, therapist);
    const { program, template, ids } = await templateWithMedia(session, client.id);
    const files = storedFiles(bed).length;
    expect((await deleteProgram(session, program.id)).statusCode).toBe(204);
    expect(storedFiles(bed)).toHaveLength(files);
    const read = (await call(bed, session, 'GET', `/api/templates/${template.id}/`)).json<TTemplate>();
    expect((await fetchUrl(bed, read.exercises[1]!.video_url!)).statusCode).toBe(200);

    expect((await call(bed, session, 'DELETE', `/api/templates/${template.id}/`)).statusCode).toBe(204);
    expect(storedFiles(bed)).toHaveLength(files - 2);
    expect(await mediaRows(ids)).toEqual([]);
    expect((await fetchUrl(bed, read.exercises[0]!.image_url!)).statusCode).toBe(404);
  });

  it('PUT drops a file the new list no longer uses (when nothing else does) and keeps the one it still names', async () => {
    const { therapist, client } = await buildCareTeam(bed.t.ctx);
    const session = await login(bed.t, therapist);
    const { program, template, ids } = await templateWithMedia(session, client.id);
    expect((await deleteProgram(session, program.id)).statusCode).toBe(204);
    const files = storedFiles(bed).length;
    const [photo] = template.exercises;
    const res = await call(bed, session, 'PUT', `/api/templates/${template.id}/`, {
      name: 'Photo only',
      exercises: [
        { name: 'New first', instructions: '' },
        { name: photo!.name, instructions: photo!.instructions, image_media_id: photo!.image_media_id },
      ],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<TTemplate>();
    expect(updated.exercises.map((e) => [e.name, e.image_media_id, e.video_media_id])).toEqual([
      ['New first', null, null],
      [photo!.name, ids[0], null],
    ]);
    expect(storedFiles(bed)).toHaveLength(files - 1);
    expect((await mediaRows(ids)).map((m) => m.id)).toEqual([ids[0]]);
    expect((await fetchUrl(bed, updated.exercises[1]!.image_url!)).statusCode).toBe(200);
  });
});

describe('a program started from a template (POST /api/programs/ with its media ids)', () => {
  const start = (session: Session, clientId: number, imageMediaId: number) =>
    sendForm(bed.t, session, 'POST', '/api/programs/', {
      client_id: clientId,
      name: 'From template',
      start_date: '2025-05-05',
      end_date: '2025-06-01',
      days_of_week: ['MON'],
      is_draft: 'false',
      exercises: [{ name: 'Photo exercise', instructions: 'Look.', image_media_id: imageMediaId }],
    });

  it('answers 201 and shows the same file, for the template’s clinic, with no file copied', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(bed.t.ctx);
    const { program, template } = await templateWithMedia(await login(bed.t, therapist), client.id);
    // Only the template holds the file now: the program it came from is gone.
    expect((await deleteProgram(await login(bed.t, therapist), program.id)).statusCode).toBe(204);
    const colleague = await buildTherapist(bed.t.ctx, clinicId);
    const newClient = await buildClient(bed.t.ctx, clinicId, colleague.id);
    const files = storedFiles(bed).length;
    const res = await start(
      await login(bed.t, colleague),
      newClient.id,
      template.exercises[0]!.image_media_id!,
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().program as TProgram;
    expect(created.exercises[0]!.image_media_id).toBe(template.exercises[0]!.image_media_id);
    expect(storedFiles(bed)).toHaveLength(files);
    const shown = await fetchUrl(bed, created.exercises[0]!.image_url!);
    const original = await fetchUrl(bed, template.exercises[0]!.image_url!);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(original.rawPayload)).toBe(true);
  });

  it('answers 404 for a media id of another clinic’s template, creating nothing', async () => {
    const theirs = await buildCareTeam(bed.t.ctx);
    const owner = await login(bed.t, theirs.therapist);
    const { program, template } = await templateWithMedia(owner, theirs.client.id);
    expect((await deleteProgram(owner, program.id)).statusCode).toBe(204);
    const mine = await buildCareTeam(bed.t.ctx);
    const loner = await buildTherapist(bed.t.ctx, null);
    const lonersClient = await buildClient(bed.t.ctx, null, loner.id);
    const files = storedFiles(bed).length;
    for (const [therapist, clientId] of [
      [mine.therapist, mine.client.id],
      [loner, lonersClient.id],
    ] as const) {
      const res = await start(
        await login(bed.t, therapist),
        clientId,
        template.exercises[0]!.image_media_id!,
      );
      expect(res.statusCode).toBe(404);
      expect(await bed.t.ctx.db.select().from(programs).where(eq(programs.clientId, clientId))).toEqual([]);
    }
    expect(storedFiles(bed)).toHaveLength(files);
  });
});
