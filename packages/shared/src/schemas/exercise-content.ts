import { z } from 'zod';
import { PROGRAM_TEXTS } from '../texts/programs';
import { VALIDATION_TEXTS } from '../texts/validation';
import { optionalField, requiredField, ZId, ZText } from './common';
import { ZDosage } from './dosage';

// An exercise has three homes: a program, the library and a template. What it says and shows is the same in all
// three, so each home's schema is this content plus what only it has.

/**
 * An exercise's content as every response carries it: name, instructions, dosage, and its photo and video as
 * short-lived signed URLs beside the ids of the files they show, which a save sends back to reuse a file by
 * reference (docs/product/library-and-templates.md#media-by-reference, docs/decisions/016-media-by-reference.md).
 */
export const ZExerciseContent = z.object({
  name: z.string(),
  instructions: z.string(),
  ...ZDosage.shape,
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  image_media_id: z.number().nullable(),
  video_media_id: z.number().nullable(),
});
export type TExerciseContent = z.infer<typeof ZExerciseContent>;

/** A library or template exercise's name: required there, while a program's draft may leave it blank. */
export const ZExerciseName = requiredField(
  z.string().trim().min(1, PROGRAM_TEXTS.exerciseNameRequired).max(200, VALIDATION_TEXTS.tooLong),
  PROGRAM_TEXTS.exerciseNameRequired,
);

/** A library item's instructions (or a translation's): trimmed, blank allowed, at most 5000 characters. */
export const ZExerciseInstructions = ZText.trim().max(5000, VALIDATION_TEXTS.tooLong);

/** The files a save reuses by id, in a JSON exercise list (a program's, a template's): null or left out for none. */
export const exerciseMediaIds = {
  image_media_id: ZId.nullable().optional(),
  video_media_id: ZId.nullable().optional(),
};

/** The same as multipart fields (a single exercise, a library item), where a blank field is left out. */
export const exerciseMediaIdFields = {
  image_media_id: optionalField(ZId),
  video_media_id: optionalField(ZId),
};
