import type { Plugin } from 'vite';

const CLASSIC_SCHEMAS = /zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const PROCESSORS_IMPORT = 'import * as processors from "../core/json-schema-processors.js";';
const METHODS_IMPORT =
  'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';

/**
 * Zod's classic schemas carry their conversion to JSON Schema (`toJSONSchema()`, `~standard.jsonSchema`): about
 * 33 KB of code, 6 KB gzip, in every chunk that validates a form, though the browser never converts a schema (the
 * server does, for its routes). This leaves it out of the web build: those methods throw if called. What the schemas
 * do use from that module, `aggregateChecks` (a string schema's `minLength`, say), is kept. A Zod whose module does
 * not have the expected imports is left as it is, with a warning (docs/decisions/032-first-paint-and-after.md).
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'hep-zod-without-json-schema',
    enforce: 'pre',
    transform: {
      filter: { id: CLASSIC_SCHEMAS },
      handler(code) {
        if (!code.includes(PROCESSORS_IMPORT) || !code.includes(METHODS_IMPORT)) {
          this.warn('zod/v4/classic/schemas.js changed: its JSON Schema conversion stays in the build');
          return null;
        }
        return {
          code: code
            .replace(PROCESSORS_IMPORT, '')
            .replace(
              METHODS_IMPORT,
              [
                'import { aggregateChecks } from "../core/json-schema-processors.js";',
                'const unavailable = () => { throw new Error("Zod\'s JSON Schema conversion is not in the web build"); };',
                'const processors = new Proxy({ aggregateChecks }, { get: (kept, name) => kept[name] ?? unavailable });',
                'const createStandardJSONSchemaMethod = () => unavailable;',
                'const createToJSONSchemaMethod = () => unavailable;',
              ].join('\n'),
            ),
          map: null,
        };
      },
    },
  };
}
