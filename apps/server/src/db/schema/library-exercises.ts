import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TExerciseTranslations } from '@hep/shared/schemas/exercise-translations';
import { clinics } from './clinics';
import { dosageCheck, dosageColumns } from './dosage-columns';
import { media } from './media';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * docs/product/library-and-templates.md#exercise-library: an exercise of the starter library (`starter_key` set, no
 * clinic, read-only) or of a clinic's own library (`clinic_id`; a therapist without a clinic owns theirs through
 * `created_by`). Media by reference (docs/product/library-and-templates.md#media-by-reference).
 */
export const libraryExercises = pgTable(
  'library_exercises',
  {
    id: serial('id').primaryKey(),
    /** The starter library's own id for this item (its data file's key): set only on starter items. */
    starterKey: text('starter_key'),
    /** The starter data file's version that last wrote this item: a newer file rewrites it, an equal one skips. */
    starterVersion: integer('starter_version'),
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    /** Name and instructions in other languages by code (docs/product/library-and-templates.md#translations). */
    translations: jsonb('translations').$type<TExerciseTranslations>().notNull().default({}),
    ...dosageColumns(),
    imageMediaId: integer('image_media_id').references(() => media.id),
    videoMediaId: integer('video_media_id').references(() => media.id),
    /** Full-text search over name, tags and instructions (migration 0011 defines the function). */
    search: tsvector('search').generatedAlwaysAs(sql`library_search_vector(name, instructions, tags)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('library_exercises_starter_key_idx').on(t.starterKey),
    index('library_exercises_clinic_idx').on(t.clinicId, t.name),
    index('library_exercises_created_by_idx').on(t.createdById),
    index('library_exercises_search_idx').using('gin', t.search),
    index('library_exercises_tags_idx').using('gin', t.tags),
    index('library_exercises_image_idx').on(t.imageMediaId),
    index('library_exercises_video_idx').on(t.videoMediaId),
    dosageCheck('library_exercises'),
  ],
);
