import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@hep/shared/languages';
import { clinics } from './clinics';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    isStaff: boolean('is_staff').notNull().default(false),
    isTherapist: boolean('is_therapist').notNull().default(false),
    /** A carer helps clients through carer_links; never a client account (docs/product/carers.md). */
    isCarer: boolean('is_carer').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * When is_active last became false (set by a trigger, migration 0020), null while active: the retention job
     * erases clients deactivated longer than their clinic keeps records (docs/product/retention.md).
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    agreedToTerms: boolean('agreed_to_terms').notNull().default(false),
    receivesSms: boolean('receives_sms').notNull().default(false),
    receivesEmail: boolean('receives_email').notNull().default(false),
    receivesNotifications: boolean('receives_notifications').notNull().default(true),
    notificationPreferredTime: time('notification_preferred_time'),
    notificationTimezone: text('notification_timezone'),
    /** Mail, push and API errors go out in it (docs/product/languages.md). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** Bumped on deactivation and password change: access tokens carrying an older version stop working. */
    sessionVersion: integer('session_version').notNull().default(0),
    /**
     * Set by every sign-in (password or passkey): "never signed in" is null
     * (docs/product/feedback-and-progress.md#needs-attention, not_activated).
     */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The clients list's date-of-birth search (staff search every client).
    index('users_date_of_birth_idx').on(t.dateOfBirth),
    // And its name search, any part of either name or of the whole name in any letter case, through trigrams
    // (pg_trgm, migration 0022): "First Last, First" holds the last name, the first name, "First Last" and
    // "Last, First" (docs/decisions/028-staff-counters.md).
    index('users_name_trgm_idx').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ', ' || ${t.firstName}) gin_trgm_ops`,
    ),
    // The retention job's look at deactivated accounts (docs/product/retention.md#the-job).
    index('users_deactivated_at_idx')
      .on(t.deactivatedAt)
      .where(sql`${t.deactivatedAt} is not null`),
    check('users_language_check', sql.raw(`language in (${LANGUAGES.map((l) => `'${l}'`).join(', ')})`)),
  ],
);

export const therapistProfiles = pgTable(
  'therapist_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    discipline: text('discipline').notNull(),
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'set null' }),
  },
  (t) => [index('therapist_profiles_clinic_idx').on(t.clinicId)],
);

export const clientProfiles = pgTable(
  'client_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    condition: text('condition'),
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('client_profiles_clinic_idx').on(t.clinicId),
    index('client_profiles_created_by_idx').on(t.createdById),
  ],
);
