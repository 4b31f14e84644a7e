import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import {
  removeOtherExercises,
  findExercisesOfPrograms,
  findSourceExercises,
  insertExercise,
  updateExerciseOfProgram,
} from './exercises.repository';
import { copyStoredFile, recordMedia, type StoredUpload } from '../media/media.service';
import type { ExerciseDraft } from './exercise-drafts';
import { canWriteProgram } from './programs.policy';

/** What a new exercise takes over from the exercise it replicates: the source id and copies of its files. */
interface SourceCopy {
  sourceExerciseId: number;
  image?: StoredUpload;
  video?: StoredUpload;
}

type MediaRow = { storageKey: string; kind: 'image' | 'video'; mime: string; size: number; sha256: string };

/**
 * Replicating: copies the media files of each source exercise the caller may see, before the transaction (file
 * copies cannot roll back, so each new key goes into `stored`, which the caller discards on failure). A source
 * outside the caller's scope is ignored: the new exercise then has no source and no media.
 */
export async function copySourceMedia(
  ctx: AppContext,
  caller: Caller,
  drafts: ExerciseDraft[],
  stored: string[],
): Promise<Map<number, SourceCopy>> {
  const wanted = drafts.flatMap((d) =>
    d.id === undefined && d.sourceExerciseId ? [d.sourceExerciseId] : [],
  );
  const sources = new Map((await findSourceExercises(ctx.db, [...new Set(wanted)])).map((s) => [s.id, s]));
  const copies = new Map<number, SourceCopy>();
  const copy = async (row: MediaRow | null): Promise<StoredUpload | undefined> => {
    if (!row) return undefined;
    const storageKey = await copyStoredFile(ctx, row.storageKey);
    stored.push(storageKey);
    return { storageKey, kind: row.kind, mime: row.mime, size: row.size, sha256: row.sha256 };
  };
  for (const [index, draft] of drafts.entries()) {
    const source =
      draft.id === undefined && draft.sourceExerciseId ? sources.get(draft.sourceExerciseId) : undefined;
    if (!source) continue;
    const client = {
      id: source.clientId,
      isStaff: source.clientIsStaff,
      isTherapist: source.clientIsTherapist,
      clientClinicId: source.clientClinicId,
      clientCreatedById: source.clientCreatedById,
    };
    if (!canWriteProgram(caller, { client })) continue;
    const image = draft.keepImage && !draft.image ? await copy(source.image) : undefined;
    const video = draft.keepVideo && !draft.video ? await copy(source.video) : undefined;
    copies.set(index, {
      sourceExerciseId: source.id,
      ...(image ? { image } : {}),
      ...(video ? { video } : {}),
    });
  }
  return copies;
}

/**
 * Inside the save's transaction: leaves the program with exactly `drafts`, in that order. Listed ids are updated
 * (an id of another program answers 404 and rolls everything back), new ones created, unlisted ones deleted.
 * Media: a new file wins; else keep_image/keep_video keep the current file, or take the replicated source's copy.
 */
export async function writeExercises(
  tx: Db,
  caller: Caller,
  programId: number,
  drafts: ExerciseDraft[],
  copies: Map<number, SourceCopy>,
  now: Date,
): Promise<number[]> {
  const existing = new Map((await findExercisesOfPrograms(tx, [programId])).map((e) => [e.id, e]));
  const addMedia = (upload: StoredUpload) => recordMedia(tx, upload, { programId, ownerId: caller.id });
  const ids: number[] = [];
  for (const [position, draft] of drafts.entries()) {
    const current = draft.id === undefined ? undefined : existing.get(draft.id);
    if (draft.id !== undefined && !current) throw notFound();
    if (draft.id !== undefined && ids.includes(draft.id)) throw badRequest('This exercise is listed twice.');
    const copy = copies.get(position);
    const mediaId = async (kind: 'image' | 'video') => {
      const upload = draft[kind] ?? copy?.[kind];
      if (upload) return addMedia(upload);
      const keep = kind === 'image' ? draft.keepImage : draft.keepVideo;
      return current && keep ? current[kind === 'image' ? 'imageId' : 'videoId'] : null;
    };
    const values = {
      position,
      name: draft.name,
      instructions: draft.instructions,
      imageId: await mediaId('image'),
      videoId: await mediaId('video'),
      sourceExerciseId: current ? current.sourceExerciseId : (copy?.sourceExerciseId ?? null),
    };
    if (current) {
      await updateExerciseOfProgram(tx, programId, current.id, values);
      ids.push(current.id);
    } else {
      ids.push(await insertExercise(tx, programId, { ...values, now }));
    }
  }
  await removeOtherExercises(tx, programId, ids, now);
  return ids;
}
