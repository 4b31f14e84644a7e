import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { programTemplates } from '../../db/schema/program-templates';
import { buildCareTeam, buildStaff, buildTherapist, login } from '../../../test/factories';
import {
  call,
  createProgramWithMedia,
  createTemplate,
  storedFiles,
  templateBody,
  templateRow,
  useTemplatesApp,
} from './templates.test-support';

const bed = useTemplatesApp();
const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };
const namesIn = async (session: Awaited<ReturnType<typeof login>>) =>
  (await call(bed, session, 'GET', '/api/templates/')).json<TTemplate[]>().map((t) => t.name);

describe('another clinic’s template', () => {
  it('is not listed, and reading, changing or deleting it answers 404 and changes nothing', async () => {
    const mine = await buildCareTeam(bed.t.ctx);
    const theirs = await buildCareTeam(bed.t.ctx);
    const owner = await login(bed.t, theirs.therapist);
    const template = await createTemplate(bed, owner, templateBody({ name: 'Theirs' }));
    const stranger = await login(bed.t, mine.therapist);
    expect(await namesIn(stranger)).not.toContain('Theirs');
    for (const [method, payload] of [
      ['GET'],
      ['PUT', templateBody({ name: 'Taken over' })],
      ['DELETE'],
    ] as const) {
      const res = await call(bed, stranger, method, `/api/templates/${template.id}/`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await templateRow(bed, template.id)).toMatchObject({ name: 'Theirs' });
    expect((await call(bed, stranger, 'GET', '/api/templates/2147483647/')).statusCode).toBe(404);
  });

  it('is shared by every therapist of the same clinic, who may change it', async () => {
    const { clinicId, therapist } = await buildCareTeam(bed.t.ctx);
    const colleague = await login(bed.t, await buildTherapist(bed.t.ctx, clinicId));
    const template = await createTemplate(
      bed,
      await login(bed.t, therapist),
      templateBody({ name: 'Clinic one' }),
    );
    expect(await namesIn(colleague)).toEqual(['Clinic one']);
    const res = await call(
      bed,
      colleague,
      'PUT',
      `/api/templates/${template.id}/`,
      templateBody({ name: 'Edited' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Edited', created_by: therapist.id });
  });
});

describe('a therapist without a clinic', () => {
  it('sees and changes only their own templates; others never see theirs', async () => {
    const loner = await login(bed.t, await buildTherapist(bed.t.ctx, null));
    const otherLoner = await login(bed.t, await buildTherapist(bed.t.ctx, null));
    const clinicTherapist = await login(bed.t, (await buildCareTeam(bed.t.ctx)).therapist);
    const own = await createTemplate(bed, loner, templateBody({ name: 'Loner own' }));
    await createTemplate(bed, otherLoner, templateBody({ name: 'Other loner' }));
    await createTemplate(bed, clinicTherapist, templateBody({ name: 'Clinic template' }));
    expect(own.clinic).toBeNull();
    expect(await namesIn(loner)).toEqual(['Loner own']);
    expect(await namesIn(otherLoner)).toEqual(['Other loner']);
    expect(await namesIn(clinicTherapist)).toEqual(['Clinic template']);
    for (const session of [otherLoner, clinicTherapist]) {
      expect((await call(bed, session, 'GET', `/api/templates/${own.id}/`)).statusCode).toBe(404);
      expect((await call(bed, session, 'DELETE', `/api/templates/${own.id}/`)).statusCode).toBe(404);
    }
    expect((await call(bed, loner, 'GET', `/api/templates/${own.id}/`)).statusCode).toBe(200);
  });
});

describe('staff', () => {
  it('see every clinic’s templates and those of therapists without a clinic, and may change them', async () => {
    const staff = await login(bed.t, await buildStaff(bed.t.ctx));
    const a = await createTemplate(
      bed,
      await login(bed.t, (await buildCareTeam(bed.t.ctx)).therapist),
      templateBody({ name: 'Staff sees A' }),
    );
    await createTemplate(
      bed,
      await login(bed.t, await buildTherapist(bed.t.ctx, null)),
      templateBody({ name: 'Staff sees B' }),
    );
    const names = await namesIn(staff);
    expect(names).toEqual(expect.arrayContaining(['Staff sees A', 'Staff sees B']));
    expect((await call(bed, staff, 'DELETE', `/api/templates/${a.id}/`)).statusCode).toBe(204);
  });
});

describe('media of another clinic', () => {
  it('answers 404 on create and update, creating and changing nothing', async () => {
    const mine = await buildCareTeam(bed.t.ctx);
    const theirs = await buildCareTeam(bed.t.ctx);
    const foreign = await createProgramWithMedia(bed, await login(bed.t, theirs.therapist), theirs.client.id);
    const foreignImage = foreign.exercises[0]!.image_media_id!;
    const foreignVideo = foreign.exercises[1]!.video_media_id!;
    const session = await login(bed.t, mine.therapist);
    const template = await createTemplate(bed, session, templateBody({ name: 'Mine, untouched' }));
    const count = async () => (await bed.t.ctx.db.select().from(programTemplates)).length;
    const before = { templates: await count(), files: storedFiles(bed).length };
    const withForeign = (media: Record<string, number>) =>
      templateBody({
        name: 'Borrowed',
        exercises: [
          { name: 'A', instructions: 'a' },
          { name: 'B', instructions: 'b', ...media },
        ],
      });

    const borrowed: Record<string, number>[] = [
      { image_media_id: foreignImage },
      { video_media_id: foreignVideo },
      { image_media_id: 2147483647 },
    ];
    for (const media of borrowed) {
      const created = await call(bed, session, 'POST', '/api/templates/', withForeign(media));
      expect(created.statusCode).toBe(404);
      expect(created.json()).toEqual(NOT_FOUND);
      const updated = await call(bed, session, 'PUT', `/api/templates/${template.id}/`, withForeign(media));
      expect(updated.statusCode).toBe(404);
    }
    expect(await count()).toBe(before.templates);
    expect(storedFiles(bed)).toHaveLength(before.files);
    const unchanged = await call(bed, session, 'GET', `/api/templates/${template.id}/`);
    expect(unchanged.json()).toMatchObject({ name: 'Mine, untouched', exercise_count: 2 });
  });
});
