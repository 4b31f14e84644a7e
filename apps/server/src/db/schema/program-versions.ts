import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { programs } from './programs';
import { users } from './users';

/** A published state of a program: serves `/historical/?datetime=`. `snapshot` holds program + exercises. */
export const programVersions = pgTable(
  'program_versions',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    changeReason: text('change_reason').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('program_versions_program_at_idx').on(t.programId, t.createdAt)],
);
