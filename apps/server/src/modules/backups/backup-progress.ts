/**
 * Where a backup or a restore stands: reported by the process doing the work (the CLI itself, or the running server
 * through its socket) and printed by the CLI (docs/product/backups.md#progress).
 */
export interface Progress {
  /** What is happening now, in words: "Copying the database". */
  step: string;
  /** Files done and in all, for a step that goes file by file. */
  files?: { done: number; total: number };
  /** Bytes done, and in all when known. */
  bytes?: { done: number; total?: number };
}

export type OnProgress = (progress: Progress) => void;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1234567 -> "1.2 MB" (powers of 1,000, as disks are sold). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${UNITS[unit]}`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "Copying media: 120 of 5,000 files, 1.20 GB of 30.0 GB (4%)" */
export function progressLine(progress: Progress): string {
  if (progress.files?.total === 0) return `${progress.step}: none`;
  const parts: string[] = [];
  if (progress.files) parts.push(`${count(progress.files.done)} of ${count(progress.files.total)} files`);
  const bytes = progress.bytes;
  if (bytes) {
    const total = bytes.total;
    parts.push(
      total === undefined
        ? formatBytes(bytes.done)
        : `${formatBytes(bytes.done)} of ${formatBytes(total)}` +
            (total > 0 ? ` (${Math.floor((bytes.done / total) * 100)}%)` : ''),
    );
  }
  return parts.length > 0 ? `${progress.step}: ${parts.join(', ')}` : progress.step;
}

/**
 * Passes a new step on at once and the same step at most once per `intervalMs`: a copy of 100,000 small files would
 * otherwise report 100,000 times. The step's last state is passed on when the next step begins.
 */
export function throttled(onProgress: OnProgress, intervalMs = 250): OnProgress {
  let step = '';
  let last = 0;
  let pending: Progress | null = null;
  return (progress) => {
    const now = Date.now();
    if (progress.step !== step) {
      if (pending) onProgress(pending);
      step = progress.step;
    } else if (now - last < intervalMs) {
      pending = progress;
      return;
    }
    pending = null;
    last = now;
    onProgress(progress);
  };
}

/**
 * Prints progress for a person at a terminal: on a TTY one line rewritten in place (each finished step stays on its
 * own line); otherwise (a log file, cron's mail) each step's first report and then one line every 10 s.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr) {
  let step = '';
  let printedAt = 0;
  let open = false;
  const report: OnProgress = (progress) => {
    const line = progressLine(progress);
    if (stream.isTTY) {
      if (open && progress.step !== step) stream.write('\n');
      stream.write(`\r\x1b[2K${line}`);
      open = true;
    } else if (progress.step !== step || Date.now() - printedAt >= 10_000) {
      stream.write(`${line}\n`);
      printedAt = Date.now();
    }
    step = progress.step;
  };
  /** Ends the line being rewritten, before the result is printed. */
  const finish = () => {
    if (open) stream.write('\n');
    open = false;
  };
  return { report: throttled(report), finish };
}
