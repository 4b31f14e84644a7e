import { roleOf } from '@hep/shared/domain/roles';
import type {
  findAccount,
  findCarerLinksOf,
  findExercisesOfClient,
  findFeedbackOfClient,
  findMeasureResultsOfClient,
  findMessagesOf,
  findProgramsOf,
} from './exports.repository';

/*
 * data.json of "Download my data" (docs/product/records.md#download-my-data): everything the caller's account holds,
 * in the API's own field names, and the list of their photos and videos that go into the zip beside it. Each record
 * with a file names it by its path in the zip (`media/feedback-12.jpg`).
 */

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type AccountRow = NonNullable<Rows<typeof findAccount>>;

export interface AccountRecords {
  account: AccountRow;
  programs: Rows<typeof findProgramsOf>;
  exercises: Rows<typeof findExercisesOfClient>;
  feedback: Rows<typeof findFeedbackOfClient>;
  results: Rows<typeof findMeasureResultsOfClient>;
  messages: Rows<typeof findMessagesOf>;
  carerLinks: Rows<typeof findCarerLinksOf>;
}

/** A photo or video to put in the zip, read from the media store by its key. */
export interface ExportFile {
  path: string;
  storageKey: string;
  kind: 'image' | 'video';
  mime: string;
  size: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
};

interface MediaColumns {
  mediaId: number | null;
  mediaKind: 'image' | 'video' | null;
  mediaMime: string | null;
  mediaSize: number | null;
  mediaStorageKey: string | null;
}
interface PersonColumns {
  personId: number | null;
  personFirstName: string | null;
  personLastName: string | null;
  personIsStaff: boolean | null;
  personIsTherapist: boolean | null;
  personIsCarer: boolean | null;
}

const personOf = (row: PersonColumns) =>
  row.personId === null
    ? null
    : {
        id: row.personId,
        name: `${row.personFirstName ?? ''} ${row.personLastName ?? ''}`.trim(),
        role: roleOf({
          is_staff: Boolean(row.personIsStaff),
          is_therapist: Boolean(row.personIsTherapist),
          is_carer: Boolean(row.personIsCarer),
        }),
      };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Collects each file once (a file may be named by several records) and answers its path in the zip. */
function fileCollector() {
  const files = new Map<number, ExportFile>();
  const add = (prefix: string, recordId: number, row: MediaColumns): string | null => {
    if (row.mediaId === null || !row.mediaStorageKey || !row.mediaKind || !row.mediaMime) return null;
    const known = files.get(row.mediaId);
    if (known) return known.path;
    const path = `media/${prefix}-${recordId}.${EXTENSIONS[row.mediaMime] ?? 'bin'}`;
    files.set(row.mediaId, {
      path,
      storageKey: row.mediaStorageKey,
      kind: row.mediaKind,
      mime: row.mediaMime,
      size: Number(row.mediaSize ?? 0),
    });
    return path;
  };
  return { add, files: () => [...files.values()] };
}

function accountOf(row: AccountRow) {
  const u = row.user;
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    mobile: u.mobile,
    date_of_birth: u.dateOfBirth,
    role: roleOf({ is_staff: u.isStaff, is_therapist: u.isTherapist, is_carer: u.isCarer }),
    language: u.language,
    is_active: u.isActive,
    agreed_to_terms: u.agreedToTerms,
    receives_email: u.receivesEmail,
    receives_sms: u.receivesSms,
    receives_notifications: u.receivesNotifications,
    notification_preferred_time: u.notificationPreferredTime?.slice(0, 5) ?? null,
    notification_timezone: u.notificationTimezone,
    created_at: iso(u.createdAt),
    last_sign_in_at: iso(u.lastSignInAt),
    ...(row.hasClientProfile ? { client_profile: { condition: row.condition } } : {}),
    ...(row.discipline !== null
      ? { therapist_profile: { discipline: row.discipline, clinic_name: row.clinicName } }
      : {}),
  };
}

export function exportDocumentOf(records: AccountRecords, exportedAt: Date) {
  const files = fileCollector();
  const exercisesOf = new Map<number, AccountRecords['exercises']>();
  for (const e of records.exercises)
    exercisesOf.set(e.programId, [...(exercisesOf.get(e.programId) ?? []), e]);

  const document = {
    format: 'hep-data-export',
    version: 1,
    exported_at: exportedAt.toISOString(),
    account: accountOf(records.account),
    programs: records.programs.map((p) => ({
      id: p.id,
      client_id: p.clientId,
      therapist_id: p.therapistId,
      name: p.name,
      start_date: p.startDate,
      end_date: p.endDate,
      days_of_week: p.daysOfWeek,
      is_draft: p.isDraft,
      created_at: iso(p.createdAt),
      updated_at: iso(p.updatedAt),
      ...(exercisesOf.has(p.id) || records.account.hasClientProfile
        ? {
            exercises: (exercisesOf.get(p.id) ?? []).map((e) => ({
              id: e.id,
              position: e.position,
              name: e.name,
              instructions: e.instructions,
              sets: e.sets,
              reps: e.reps,
              hold_seconds: e.holdSeconds,
              rest_seconds: e.restSeconds,
              times_per_day: e.timesPerDay,
              side: e.side,
              removed_at: iso(e.removedAt),
            })),
          }
        : {}),
    })),
    feedback: records.feedback.map((f) => ({
      id: f.id,
      program_id: f.programId,
      exercise_id: f.exerciseId,
      date_completed: f.dateCompleted,
      effort_rating: f.effortRating,
      pain: f.pain,
      feeling: f.feeling,
      entered_by: personOf(f),
      file: files.add('feedback', f.id, f),
      created_at: iso(f.createdAt),
      updated_at: iso(f.updatedAt),
    })),
    measure_results: records.results.map((r) => ({
      id: r.id,
      assignment_id: r.assignmentId,
      instrument: r.instrument,
      instrument_version: r.instrumentVersion,
      answers: r.answers,
      activities: r.activities,
      score: r.score,
      subscores: r.subscores,
      band: r.band,
      taken_at: iso(r.takenAt),
      taken_on: r.takenOn,
      entered_by: personOf(r),
    })),
    messages: records.messages.map((m) => ({
      id: m.id,
      client_id: m.clientId,
      sender: personOf(m),
      text: m.deletedAt ? '' : m.text,
      file: m.deletedAt ? null : files.add('message', m.id, m),
      program_id: m.programId,
      exercise_id: m.exerciseId,
      day: m.day,
      created_at: iso(m.createdAt),
      deleted: m.deletedAt !== null,
    })),
    carer_links: records.carerLinks.map((l) => ({
      id: l.id,
      carer_id: l.carerId,
      client_id: l.clientId,
      // The other side of the link: the carer for a client's download, the client for a carer's.
      with: personOf(l),
      relationship: l.relationship,
      access: l.access,
      expires_on: l.expiresOn,
      receives_reminders: l.receivesReminders,
      created_at: iso(l.createdAt),
      ended_at: iso(l.endedAt),
    })),
  };
  const list = files.files();
  return {
    document: { ...document, files: list.map(({ path, kind, mime, size }) => ({ path, kind, mime, size })) },
    files: list,
  };
}
