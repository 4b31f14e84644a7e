import type { Caller } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import {
  removeOtherExercises,
  findExercisesOfPrograms,
  findSourceExercises,
  insertExercise,
  updateExerciseOfProgram,
} from './exercises.repository';
import { assertUsableMedia, holdProgramMedia, recordMedia } from '../media/media.service';
import type { ExerciseDraft } from './exercise-drafts';
import { canWriteProgram } from './programs.policy';

type MediaKind = 'image' | 'video';

/**
 * Replicating (docs/product/library-and-templates.md#media-by-reference): what each new exercise takes over from the
 * exercise it replicates, when the caller may see that source: its id and, by reference, its media. A source outside
 * the caller's scope is ignored: the new exercise then has no source and no media.
 */
async function findSources(tx: Db, caller: Caller, drafts: ExerciseDraft[]) {
  const wanted = drafts.flatMap((d) =>
    d.id === undefined && d.sourceExerciseId ? [d.sourceExerciseId] : [],
  );
  const sources = await findSourceExercises(tx, [...new Set(wanted)]);
  return new Map(
    sources
      .filter((source) =>
        canWriteProgram(caller, {
          client: {
            id: source.clientId,
            isStaff: source.clientIsStaff,
            isTherapist: source.clientIsTherapist,
            isCarer: source.clientIsCarer,
            clientClinicId: source.clientClinicId,
            clientCreatedById: source.clientCreatedById,
          },
        }),
      )
      .map((source) => [source.id, source]),
  );
}

/**
 * Inside the save's transaction: leaves the program with exactly `drafts`, in that order. Listed ids are updated
 * (an id of another program answers 404 and rolls everything back), new ones created, unlisted ones deleted.
 * Media, per kind: a new file wins; else `image_media_id`/`video_media_id` (media the caller may see, else 404);
 * else keep_image/keep_video keep the current file, or take the replicated source's. No bytes are copied, and the
 * program holds every media its exercises use (program_media).
 */
export async function writeExercises(
  tx: Db,
  caller: Caller,
  programId: number,
  drafts: ExerciseDraft[],
  now: Date,
): Promise<number[]> {
  await assertUsableMedia(
    tx,
    caller,
    drafts.flatMap((d) => [d.image ? null : d.imageMediaId, d.video ? null : d.videoMediaId]),
  );
  const sources = await findSources(tx, caller, drafts);
  const existing = new Map((await findExercisesOfPrograms(tx, [programId])).map((e) => [e.id, e]));
  const used: number[] = [];
  const ids: number[] = [];
  for (const [position, draft] of drafts.entries()) {
    const current = draft.id === undefined ? undefined : existing.get(draft.id);
    if (draft.id !== undefined && !current) throw notFound();
    if (draft.id !== undefined && ids.includes(draft.id))
      throw badRequest(/*i18n*/ 'This exercise is listed twice.');
    const source = current ? undefined : sources.get(draft.sourceExerciseId ?? 0);
    const mediaId = async (kind: MediaKind): Promise<number | null> => {
      const upload = draft[kind];
      if (upload) return recordMedia(tx, upload, { programId, ownerId: caller.id });
      const reused = kind === 'image' ? draft.imageMediaId : draft.videoMediaId;
      if (reused) return reused;
      if (!(kind === 'image' ? draft.keepImage : draft.keepVideo)) return null;
      const from = current ?? source;
      return (from && (kind === 'image' ? from.imageId : from.videoId)) ?? null;
    };
    const values = {
      position,
      name: draft.name,
      instructions: draft.instructions,
      imageId: await mediaId('image'),
      videoId: await mediaId('video'),
      sourceExerciseId: current ? current.sourceExerciseId : (source?.id ?? null),
      ...draft.dosage,
    };
    used.push(...[values.imageId, values.videoId].filter((id): id is number => id !== null));
    if (current) {
      await updateExerciseOfProgram(tx, programId, current.id, values);
      ids.push(current.id);
    } else {
      ids.push(await insertExercise(tx, programId, { ...values, now }));
    }
  }
  await removeOtherExercises(tx, programId, ids, now);
  await holdProgramMedia(tx, programId, used);
  return ids;
}
