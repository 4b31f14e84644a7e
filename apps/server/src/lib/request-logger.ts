import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Options = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * A request's logger (`request.log`) whose pino child, with the request's correlation id bound into it, is made the
 * first time the request logs a line at a level that is on. Making that child for every request was 2 to 3% of a
 * cheap read's CPU, and most requests log nothing (plugins/request-log.ts writes a line for errors and slow ones).
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: Options,
  ) {}

  /** The pino child, made now if it was not yet. */
  private logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  child(bindings: Bindings, options?: Options): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  /** pino's numbers for its levels; a logger without them (Fastify's when logging is off) is asked every time. */
  private enabled(level: Level): boolean {
    const values = (this.parent as { levels?: { values: Record<string, number> } }).levels?.values;
    return !values || values[level]! >= (values[this.level] ?? Infinity);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.enabled(level)) return;
    const logger = this.logger();
    Reflect.apply(logger[level], logger, args);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
}

/** Fastify's `childLoggerFactory`: see RequestLogger. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
