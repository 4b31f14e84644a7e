import { eq, inArray, sql } from 'drizzle-orm';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { AppContext } from '../../context';
import { media } from '../../db/schema/media';
import { users } from '../../db/schema/users';
import {
  buildCarer,
  buildCarerLink,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  deactivate,
  login,
  type TestUser,
} from '../../../test/factories';
import { buildDailyProgram, feedbackFields, givenFeedback } from '../../../test/feedback-factories';
import { FIXTURES } from '../../../test/fixtures/media-fixtures';
import type { TestApp } from '../../../test/helper';
import { fixtureFile, sendForm } from '../../../test/program-factories';
import { buildLibraryItem } from '../library/library.test-support';

/** The media rows' storage keys among `ids` that still exist. */
export async function storageKeysOf(ctx: AppContext, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.select({ key: media.storageKey }).from(media).where(inArray(media.id, ids));
  return rows.map((r) => r.key).sort();
}

export const userExists = async (ctx: AppContext, id: number) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

/** Moves a user's deactivation back in time (the trigger keeps a date the statement sets itself). */
export const deactivatedAgo = (ctx: AppContext, id: number, years: number) =>
  ctx.db.execute(sql`update users set is_active = false,
    deactivated_at = ${ctx.now().toISOString()}::timestamptz - make_interval(years => ${years}) where id = ${id}`);

export interface ClientWithRecords {
  clinicId: number;
  therapist: TestUser;
  client: TestUser;
  /** Another client of the clinic whose program uses the first program photo (it must stay). */
  neighbour: TestUser;
  /** Files only the client's records use: gone after erasure. */
  ownKeys: string[];
  /** Files something else still uses (the neighbour's program, the clinic library): kept. */
  sharedKeys: string[];
  mediaIds: { shared: number[]; own: number[] };
}

/**
 * A client with a program of three files (a photo another client's program reuses, a video only theirs, a photo the
 * clinic library shows), feedback with a photo, a message, a carer and an outcome measure; deactivated unless told.
 */
export async function buildClientWithRecords(
  t: TestApp,
  options: { clinicId?: number; deactivated?: boolean } = {},
): Promise<ClientWithRecords> {
  const clinicId = options.clinicId ?? (await buildClinic(t.ctx));
  const therapist = await buildTherapist(t.ctx, clinicId);
  const client = await buildClient(t.ctx, clinicId, therapist.id);
  const neighbour = await buildClient(t.ctx, clinicId, therapist.id);
  const therapistSession = await login(t, therapist);
  const publish = (clientId: number, exercises: unknown[]) => ({
    client_id: clientId,
    name: 'Records to erase',
    start_date: '2025-03-03',
    end_date: '2025-04-28',
    days_of_week: ['MON'],
    is_draft: 'false',
    exercises,
  });
  const created = await sendForm(
    t,
    therapistSession,
    'POST',
    '/api/programs/',
    publish(client.id, [
      { name: 'Shared photo', instructions: 'Look.' },
      { name: 'Own video', instructions: 'Watch.' },
      { name: 'Library photo', instructions: 'Look again.' },
    ]),
    [
      fixtureFile('exercise_0_image', FIXTURES.jpeg, 'image/jpeg'),
      fixtureFile('exercise_1_video', FIXTURES.mp4),
      fixtureFile('exercise_2_image', FIXTURES.png, 'image/png'),
    ],
  );
  if (created.statusCode !== 201) throw new Error(`program: ${created.statusCode} ${created.body}`);
  const program = created.json().program as TProgram;
  const [sharedPhoto, ownVideo, libraryPhoto] = [
    program.exercises[0]!.image_media_id!,
    program.exercises[1]!.video_media_id!,
    program.exercises[2]!.image_media_id!,
  ];
  const reused = await sendForm(
    t,
    therapistSession,
    'POST',
    '/api/programs/',
    publish(neighbour.id, [{ name: 'Same photo', instructions: 'Look.', image_media_id: sharedPhoto }]),
  );
  if (reused.statusCode !== 201) throw new Error(`neighbour program: ${reused.statusCode} ${reused.body}`);
  await buildLibraryItem(t, { clinicId, createdById: therapist.id }, { imageMediaId: libraryPhoto });

  const daily = await buildDailyProgram(t.ctx, client.id, therapist.id);
  const clientSession = await login(t, client);
  const entry = await givenFeedback(t, clientSession, feedbackFields(t.ctx, daily.exerciseIds[0]!), [
    fixtureFile('media', FIXTURES.jpeg, 'image/jpeg'),
  ]);
  const feedbackPhoto = Number(/\/media\/(\d+)\//.exec(entry.image_url ?? '')?.[1]);
  const message = await sendForm(t, therapistSession, 'POST', `/api/clients/${client.id}/messages/`, {
    text: 'See you on Monday.',
  });
  if (message.statusCode !== 201) throw new Error(`message: ${message.statusCode} ${message.body}`);
  const carer = await buildCarer(t.ctx);
  await buildCarerLink(t.ctx, carer.id, client.id, therapist.id);

  if (options.deactivated !== false) await deactivate(t.ctx, client.id);
  const own = [ownVideo, feedbackPhoto];
  const shared = [sharedPhoto, libraryPhoto];
  return {
    clinicId,
    therapist,
    client,
    neighbour,
    ownKeys: await storageKeysOf(t.ctx, own),
    sharedKeys: await storageKeysOf(t.ctx, shared),
    mediaIds: { shared, own },
  };
}

export const staffOf = (t: TestApp, clinicId: number | null = null) =>
  clinicId === null
    ? buildStaff(t.ctx)
    : buildStaff(t.ctx, { therapist: { discipline: 'Physiotherapist', clinicId } });
