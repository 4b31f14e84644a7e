import type { TWeekday } from '@hep/shared/domain/constants';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import { weekdayOf } from '@hep/shared/domain/weekdays';
import { insertExercise } from '../modules/programs/exercises.repository';
import { insertProgramVersion, snapshotProgram } from '../modules/programs/program-versions.repository';
import { insertProgram } from '../modules/programs/programs.repository';
import { dosageValues, type DosageValues } from '../lib/dosage';
import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedback } from '../db/schema/feedback';
import { libraryExercises } from '../db/schema/library-exercises';
import { holdProgramMedia } from '../modules/media/media.service';

interface DemoProgram {
  clientId: number;
  name: string;
  startDate: string;
  endDate: string | null;
  days: TWeekday[];
  isDraft: boolean;
  /** Each with the starter item whose picture it shows, if one fits. */
  exercises: [name: string, instructions: string, dosage?: Partial<DosageValues>, picture?: string][];
}

/** The starter library's pictures (docs/product/library-and-templates.md#starter-pictures), by starter key. */
async function starterPictures(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: libraryExercises.starterKey, mediaId: libraryExercises.imageMediaId })
    .from(libraryExercises)
    .where(isNotNull(libraryExercises.imageMediaId));
  return new Map(rows.flatMap((r) => (r.key && r.mediaId ? [[r.key, r.mediaId] as const] : [])));
}

const addDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const FEELINGS = [
  'Felt steady today.',
  'A bit tired, but I managed all of it.',
  'Legs were sore afterwards.',
  'Easier than last week!',
  '',
];

/**
 * Feedback on the prescribed days before today: most days complete, every fifth day only the first exercise
 * (in progress), and every fifth day from the fourth none (missed), so that the calendar and metrics show each.
 */
function demoFeedback(program: DemoProgram, programId: number, exerciseIds: number[], today: string) {
  const rows: (typeof feedback.$inferInsert)[] = [];
  const last = program.endDate && program.endDate < today ? program.endDate : addDays(today, -1);
  let k = 0;
  for (let day = program.startDate; day <= last; day = addDays(day, 1)) {
    if (!program.days.includes(weekdayOf(day))) continue;
    k += 1;
    if (k % 5 === 4) continue;
    const done = k % 5 === 2 ? exerciseIds.slice(0, 1) : exerciseIds;
    done.forEach((exerciseId, n) =>
      rows.push({
        exerciseId,
        programId,
        clientId: program.clientId,
        dateCompleted: day,
        effortRating: 3 + ((k + n * 2) % 6),
        feeling: FEELINGS[(k + n) % FEELINGS.length]!,
      }),
    );
  }
  return rows;
}

async function seedProgram(
  db: Db,
  program: DemoProgram,
  context: { therapistId: number; today: string; now: Date; pictures: Map<string, number> },
) {
  const { therapistId, today, now, pictures } = context;
  const programId = await insertProgram(db, {
    clientId: program.clientId,
    therapistId,
    name: program.name,
    startDate: program.startDate,
    endDate: program.endDate,
    daysOfWeek: program.days,
    isDraft: program.isDraft,
    now,
  });
  const exerciseIds: number[] = [];
  const imageIds: number[] = [];
  for (const [position, [name, instructions, dosage, picture]] of program.exercises.entries()) {
    const imageId = (picture && pictures.get(picture)) || null;
    if (imageId) imageIds.push(imageId);
    const values = {
      position,
      name,
      instructions,
      imageId,
      videoId: null,
      sourceExerciseId: null,
      ...dosageValues({}),
      ...dosage,
      now,
    };
    exerciseIds.push(await insertExercise(db, programId, values));
  }
  await holdProgramMedia(db, programId, imageIds);
  if (program.isDraft) return;
  const snapshot = (await snapshotProgram(db, programId))!;
  await insertProgramVersion(db, {
    programId,
    changeReason: PROGRAM_TEXTS.versionInitial,
    snapshot,
    authorId: therapistId,
    now,
  });
  const rows = demoFeedback(program, programId, exerciseIds, today);
  if (rows.length) await db.insert(feedback).values(rows);
}

/**
 * Chris Walker: an active program (three weeks in, eight weeks to go), a program that ended last month and a
 * draft; Robin Patel: one active program. Feedback on past prescribed days. Exercises that match a starter item show
 * its picture.
 */
export async function seedDemoPrograms(
  db: Db,
  ids: { therapistId: number; chrisId: number; robinId: number },
  now = new Date(),
): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -3);
  const programs: DemoProgram[] = [
    {
      clientId: ids.chrisId,
      name: 'Balance and leg strength',
      startDate: addDays(today, -21),
      endDate: addDays(today, 56),
      days: ['MON', 'WED', 'FRI'],
      isDraft: false,
      exercises: [
        [
          'Sit to stand',
          'Sit on a firm chair, feet flat. Stand up without using your hands, then sit down slowly.\nDo 10 times, rest, then 10 more.',
          { sets: 2, reps: 10, restSeconds: 60 },
          'sit-to-stand',
        ],
        [
          'Heel raises',
          'Hold the kitchen bench. Rise onto your toes, hold for 2 seconds, lower slowly.\nDo 15 times.',
          { sets: 1, reps: 15, holdSeconds: 2 },
          'gait-heel-raises',
        ],
        [
          'Standing balance',
          'Stand next to the bench with your feet together. Hold for 30 seconds.\nRepeat 3 times.',
          { sets: 3, holdSeconds: 30 },
          'balance-feet-together',
        ],
      ],
    },
    {
      clientId: ids.chrisId,
      name: 'Early walking program',
      startDate: addDays(lastMonthEnd, -42),
      endDate: lastMonthEnd,
      days: ['TUE', 'THU'],
      isDraft: false,
      exercises: [
        ['Indoor walk', 'Walk the hallway with your stick for 5 minutes. Rest when you need to.'],
        ['Step ups', 'Step up onto the bottom stair and down again, holding the rail. 10 each leg.'],
      ],
    },
    {
      clientId: ids.chrisId,
      name: 'Arm and hand strength',
      startDate: today,
      endDate: null,
      days: ['TUE', 'SAT'],
      isDraft: true,
      exercises: [
        [
          'Putty squeeze',
          'Squeeze the therapy putty for 5 seconds, 10 times each hand.',
          {},
          'hand-soft-ball-squeeze',
        ],
      ],
    },
    {
      clientId: ids.robinId,
      name: 'Energy-paced strength',
      startDate: addDays(today, -10),
      endDate: addDays(today, 35),
      days: ['TUE', 'THU', 'SAT'],
      isDraft: false,
      exercises: [
        [
          'Seated marching',
          'Sit tall and lift each knee in turn for 1 minute. Stop if you feel too tired.',
          {},
          'seated-marching',
        ],
        ['Wall push-ups', 'Stand an arm length from the wall and do 8 slow push-ups.'],
      ],
    },
  ];
  const pictures = await starterPictures(db);
  for (const program of programs)
    await seedProgram(db, program, { therapistId: ids.therapistId, today, now, pictures });
}
