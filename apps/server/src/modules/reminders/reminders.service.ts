import pino, { type Logger } from 'pino';
import { NOTIFICATION_TEXTS } from '@hep/shared/texts/notifications';
import type { TLanguage } from '@hep/shared/languages';
import type { TReminderPayload } from '@hep/shared/schemas/push';
import type { AppContext } from '../../context';
import { textIn } from '../../lib/i18n';
import { loggableError } from '../../lib/loggable-error';
import { carerReminderMail, reminderMail } from '../mail/mail.service';
import { pushToUser } from '../push/push.service';
import {
  type ClaimedJob,
  claimJobs,
  enqueueDueReminders,
  failAbandonedJobs,
  type FinalStatus,
  findRemindedCarers,
  finishJob,
  type RemindedCarer,
} from './reminders.repository';

/** A reminder that has not reached the phone within a few hours is no longer worth showing. */
export const REMINDER_TTL_SECONDS = 4 * 60 * 60;
/** Small batches: a process holds only what it is sending, so other processes share a large backlog. */
const CLAIM_BATCH = 10;
/** Bounds one tick, so that a huge backlog cannot keep a process busy past the next tick forever. */
const MAX_BATCHES_PER_TICK = 20;

/**
 * Where a reminder leads: Today, which goes straight into the day's session when one program is to do
 * (docs/product/session.md#today).
 */
export const REMINDER_PATH = '/programs?open=today';

/**
 * What the lock screen shows, in the client's language: a nudge and where to go, never a program or exercise name.
 */
export const reminderPayload = (language: TLanguage): TReminderPayload => ({
  title: textIn(language, NOTIFICATION_TEXTS.reminderTitle),
  body: textIn(language, NOTIFICATION_TEXTS.reminderBody),
  url: REMINDER_PATH,
});

/** Where a carer's reminder leads: Helping, with that client chosen (docs/product/carers.md#reminders). */
export const carerReminderPath = (clientId: number) => `/helping?client=${clientId}`;

/** A carer's lock screen: that someone they help has exercises today, never who or which. */
export const carerReminderPayload = (language: TLanguage, clientId: number): TReminderPayload => ({
  title: textIn(language, NOTIFICATION_TEXTS.reminderTitle),
  body: textIn(language, NOTIFICATION_TEXTS.carerReminderBody),
  url: carerReminderPath(clientId),
});

export interface TickResult {
  enqueued: number;
  sent: number;
  expired: number;
  skipped: number;
}

/** Where the scheduler reports: pino's logger or Fastify's (which is pino underneath). */
export type ReminderLog = Pick<Logger, 'info' | 'warn' | 'error'>;

const silent: ReminderLog = pino({ level: 'silent' });

/** A client's reminder, sent to a carer who opted in, on the carer's own settings and in their language. */
async function remindCarer(ctx: AppContext, carer: RemindedCarer, job: ClaimedJob, log: ReminderLog) {
  if (carer.receivesNotifications) {
    await pushToUser(
      ctx,
      carer.carerId,
      JSON.stringify(carerReminderPayload(carer.language, carer.clientId)),
      {
        ttlSeconds: REMINDER_TTL_SECONDS,
        log,
      },
    );
  }
  if (carer.receivesEmail) {
    try {
      await ctx.mailer.send(
        carerReminderMail(carer, `${ctx.config.PUBLIC_URL}${carerReminderPath(carer.clientId)}`),
      );
    } catch (error) {
      log.warn(
        { userId: carer.carerId, jobId: job.id, err: loggableError(error) },
        'carer reminder email failed',
      );
    }
  }
}

async function sendJob(
  ctx: AppContext,
  job: ClaimedJob,
  carers: RemindedCarer[],
  log: ReminderLog,
): Promise<FinalStatus> {
  if (job.today > job.day) return 'expired';
  if (!job.stillDue) return 'skipped';
  for (const carer of carers) await remindCarer(ctx, carer, job, log);
  if (job.receivesNotifications) {
    await pushToUser(ctx, job.userId, JSON.stringify(reminderPayload(job.language)), {
      ttlSeconds: REMINDER_TTL_SECONDS,
      log,
    });
  }
  if (job.receivesEmail) {
    try {
      await ctx.mailer.send(reminderMail(job, `${ctx.config.PUBLIC_URL}${REMINDER_PATH}`));
    } catch (error) {
      log.warn({ userId: job.userId, jobId: job.id, err: loggableError(error) }, 'reminder email failed');
    }
  }
  return 'sent';
}

/**
 * One pass of the scheduler: (a) queue a job for every client due now, (b) claim pending jobs, (c) send each by
 * Web Push and email, to the client and to each carer who opted in to their reminders, then close it. Safe to run in any number of processes at once
 * (docs/decisions/006-reminders-exactly-once.md).
 */
export async function runReminderTick(
  ctx: AppContext,
  now: Date = ctx.now(),
  log: ReminderLog = silent,
): Promise<TickResult> {
  const result: TickResult = {
    enqueued: await enqueueDueReminders(ctx.db, now),
    sent: 0,
    expired: 0,
    skipped: 0,
  };
  await failAbandonedJobs(ctx.db, now);
  for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch += 1) {
    const jobs = await claimJobs(ctx.db, now, CLAIM_BATCH);
    if (jobs.length === 0) break;
    const carers = await findRemindedCarers(
      ctx.db,
      jobs.map((job) => job.userId),
      now,
    );
    for (const job of jobs) {
      let status: FinalStatus;
      try {
        status = await sendJob(
          ctx,
          job,
          carers.filter((carer) => carer.clientId === job.userId),
          log,
        );
      } catch (error) {
        // Left 'sending': after the lease another tick tries again, up to the attempt limit.
        log.error({ jobId: job.id, err: loggableError(error) }, 'reminder failed');
        continue;
      }
      await finishJob(ctx.db, job, status, now);
      result[status] += 1;
    }
  }
  if (result.enqueued || result.sent || result.expired) log.info(result, 'reminder tick');
  return result;
}
