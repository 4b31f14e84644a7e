import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './request-logger';

function parentAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write: (chunk, _enc, done) => void (lines.push(JSON.parse(String(chunk))), done()),
  });
  const parent = pino({ level }, stream);
  // Pino's children inherit this method: only the request's own child (its correlation id) is counted.
  let children = 0;
  const child = parent.child;
  parent.child = function (this: pino.Logger, ...args: Parameters<typeof child>) {
    if ('correlation_id' in args[0]) children++;
    return child.apply(this, args);
  } as typeof parent.child;
  return { parent, lines, children: () => children };
}

const forRequest = (parent: pino.Logger, options = {}) =>
  requestLoggerFactory.call(
    undefined as never,
    parent,
    { correlation_id: 'abc-12345' },
    options,
    undefined as never,
  );

describe("a request's logger", () => {
  it('makes no pino child for a line at a level that is off, and writes none', async () => {
    const { parent, lines, children } = parentAt('warn');
    const log = forRequest(parent);
    log.info({ status: 200 }, 'request');
    log.debug('detail');
    expect(log.level).toBe('warn');
    await new Promise((resolve) => setImmediate(resolve));
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
  });

  it('writes a line at a level that is on with the correlation id, making the child once', async () => {
    const { parent, lines, children } = parentAt('info');
    const log = forRequest(parent);
    log.info({ status: 401 }, 'request');
    log.error(new Error('boom'), 'failed');
    log.child({ part: 'upload' }).warn('slow part');
    await new Promise((resolve) => setImmediate(resolve));
    expect(children()).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, correlation_id: 'abc-12345', status: 401, msg: 'request' }),
      expect.objectContaining({ level: 50, correlation_id: 'abc-12345', msg: 'failed' }),
      expect.objectContaining({ level: 40, correlation_id: 'abc-12345', part: 'upload', msg: 'slow part' }),
    ]);
  });

  it("follows a route's own level", async () => {
    const { parent, lines } = parentAt('info');
    const log = forRequest(parent, { level: 'error' });
    log.warn('not written');
    log.error('written');
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.level).toBe('error');
    expect(lines.map((line) => line.msg)).toEqual(['written']);
  });
});
