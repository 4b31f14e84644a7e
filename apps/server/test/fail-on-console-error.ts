import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not assert on.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length) {
    const first = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called: ${first.join('\n')}`);
  }
});
