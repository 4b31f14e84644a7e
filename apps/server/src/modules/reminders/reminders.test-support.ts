import { afterAll, beforeAll } from 'vitest';
import type { TWeekday } from '@hep/shared/domain/constants';
import { weekdayOf } from '@hep/shared/domain/weekdays';
import type { AppContext } from '../../context';
import { buildCareTeam, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram, type ProgramOverrides } from '../../../test/program-factories';
import { upsertSubscription } from '../push/push.repository';
import { startTestPushService, type TestPushService } from '../push/push-service.test-support';
import { type BrowserKeys, createBrowserKeys } from '../push/web-push-decrypt.test-support';
import { updateUserFields } from '../users/users.repository';
import { runReminderTick } from './reminders.service';

interface DueClientOptions {
  /** The local date the program prescribes (a one-day program on that weekday unless `program` says otherwise). */
  day: string;
  timezone?: string | null;
  /** HH:mm, or null for the default (09:00). */
  time?: string | null;
  /** Subscribe a browser on the test push service (default true). */
  push?: boolean;
  receivesEmail?: boolean;
  receivesNotifications?: boolean;
  program?: ProgramOverrides;
}

export interface DueClient extends TestUser {
  endpoint: string | null;
  keys: BrowserKeys;
  exerciseIds: number[];
}

/**
 * A client of a fresh care team with a published program prescribed on `day` and, by default, a browser subscribed
 * on the test push service. Each client gets its own one-day program and endpoint, so tests in one file never see
 * each other's reminders.
 */
export async function buildReminderClient(
  ctx: AppContext,
  push: TestPushService,
  options: DueClientOptions,
): Promise<DueClient> {
  const { client, therapist } = await buildCareTeam(ctx);
  const days: TWeekday[] = [weekdayOf(options.day)];
  const program = await buildProgram(ctx, client.id, therapist.id, {
    name: 'Left knee rehabilitation',
    startDate: options.day,
    endDate: options.day,
    daysOfWeek: days,
    ...options.program,
  });
  const keys = createBrowserKeys();
  let endpoint: string | null = null;
  if (options.push ?? true) {
    endpoint = push.newEndpoint();
    await upsertSubscription(ctx.db, client.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, 10);
  }
  // After subscribing, which turns notifications on.
  await updateUserFields(ctx.db, client.id, {
    notificationTimezone: options.timezone === undefined ? 'UTC' : options.timezone,
    notificationPreferredTime: options.time === undefined ? '18:00' : options.time,
    receivesEmail: options.receivesEmail ?? false,
    receivesNotifications: options.receivesNotifications ?? true,
  });
  return { ...client, endpoint, keys, exerciseIds: program.exerciseIds };
}

/**
 * A test file's app (private push endpoints allowed) and loopback push service, opened before its tests and closed
 * after them; `t` and `push` are set once the tests run.
 */
export function useReminderTestBed() {
  const bed = {
    t: undefined as unknown as TestApp,
    push: undefined as unknown as TestPushService,
    /** One reminder tick with the clock at `instant`. */
    tickAt: async (instant: string) => {
      bed.t.clock.set(instant);
      return runReminderTick(bed.t.ctx);
    },
    /** How many reminders the client's browser has received. */
    pushesTo: (client: DueClient) => bed.push.receivedFor(client.endpoint!).length,
  };
  beforeAll(async () => {
    bed.t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
    bed.push = await startTestPushService();
  });
  afterAll(async () => {
    await bed.t.close();
    await bed.push.close();
  });
  return bed;
}
