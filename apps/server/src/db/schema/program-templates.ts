import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { dosageCheck, dosageColumns } from './dosage-columns';
import { media } from './media';
import { users } from './users';

/** docs/product/library-and-templates.md#templates: a program to start from, scoped like the clinic library. */
export const programTemplates = pgTable(
  'program_templates',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** MON..SUN, Monday first. */
    daysOfWeek: text('days_of_week').array().notNull().default([]),
    /** How many weeks a program started from it runs (its end date), or null for no end. */
    weeks: integer('weeks'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('program_templates_clinic_idx').on(t.clinicId, t.name),
    index('program_templates_created_by_idx').on(t.createdById),
  ],
);

export const templateExercises = pgTable(
  'template_exercises',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => programTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    ...dosageColumns(),
    imageMediaId: integer('image_media_id').references(() => media.id),
    videoMediaId: integer('video_media_id').references(() => media.id),
  },
  (t) => [
    index('template_exercises_template_idx').on(t.templateId, t.position),
    index('template_exercises_image_idx').on(t.imageMediaId),
    index('template_exercises_video_idx').on(t.videoMediaId),
    dosageCheck('template_exercises'),
  ],
);
