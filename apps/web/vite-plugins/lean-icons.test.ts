import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { leanIcons } from './lean-icons';

const require = createRequire(import.meta.url);
const iconsDir = path.dirname(require.resolve('react-bootstrap-icons/dist/icons/eye.js'));
// Inside the package folder's parent, so that the rewritten module resolves `react` as the original does.
const out = mkdtempSync(path.join(fileURLToPath(new URL('.', import.meta.url)), '.lean-icons-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

type TransformHandler = (code: string, id: string) => { code: string } | null;
const { handler } = leanIcons().transform as unknown as { handler: TransformHandler };

async function leanIcon(name: string): Promise<ComponentType<Record<string, unknown>>> {
  const id = path.join(iconsDir, `${name}.js`);
  const rewritten = handler(readFileSync(id, 'utf8'), id);
  if (!rewritten) throw new Error(`${name} was not rewritten`);
  const file = path.join(out, `${name}.js`);
  writeFileSync(file, rewritten.code);
  return ((await import(file)) as { default: ComponentType<Record<string, unknown>> }).default;
}

describe('leanIcons', () => {
  // Paths only, several paths, a circle, a rect: every shape the package's 2,078 icons use.
  it.each(['eye', 'check-circle-fill', 'dice-1', 'align-top'])(
    'rewrites %s into the same markup, with and without props',
    async (name) => {
      const original = (
        (await import(`react-bootstrap-icons/dist/icons/${name}.js`)) as {
          default: ComponentType<Record<string, unknown>>;
        }
      ).default;
      const lean = await leanIcon(name);
      for (const props of [
        {},
        { size: 24, className: 'me-2', 'aria-hidden': 'true', title: 'Done', color: 'red' },
      ]) {
        const markup = renderToStaticMarkup(createElement(lean, props));
        expect(markup).toBe(renderToStaticMarkup(createElement(original, props)));
        expect(markup).toContain(`bi-${name}`);
      }
    },
  );

  it('leaves a module of another form alone', () => {
    expect(handler('export default 1;', path.join(iconsDir, 'eye.js'))).toBeNull();
  });
});
