import type { AppContext } from '../../context';
import { startPeriodicTick, type TickLog } from '../../lib/periodic-tick';
import { runRetention } from './retention.service';

/**
 * The daily retention job (docs/product/retention.md#the-job): every process ticks every `intervalMs`
 * (RETENTION_INTERVAL_MS, an hour by default); the first tick of each UTC day in any process takes the day and runs,
 * the others find it taken.
 */
export const startRetentionJob = (ctx: AppContext, log: TickLog, intervalMs: number) =>
  startPeriodicTick('retention', log, intervalMs, async () => {
    const report = await runRetention(ctx, { oncePerDay: true });
    if (report.ran)
      log.info(
        { day: report.day, erased: report.clients.length, files: report.files, pruned: report.pruned },
        'retention run',
      );
  });
