import type { RouteOptions } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helper';
import fastJson from 'fast-json-stringify';
import { isRecordOfText, responseJsonSchema, responseSerializerCompiler } from './response-serializer';

// docs/decisions/029-compiled-serializers.md: each route's compiled serializer writes exactly what the Zod schema's
// encode would, for every response schema the app registers.

type Variant = 'full' | 'sparse';

/** A string that needs escaping in JSON, in several scripts. */
const TEXT = 'Sit "tall" \\ \n 坐直 ngồi thẳng اجلس\u2028';

/** A value the schema accepts: `full` fills every optional field and list, `sparse` leaves them out or null. */
function sample(schema: z.ZodType, variant: Variant): unknown {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      const entries = Object.entries(shape)
        .filter(([, field]) => variant === 'full' || field._zod.def.type !== 'optional')
        .map(([key, field]) => [key, sample(field, variant)]);
      return Object.fromEntries(entries);
    }
    case 'optional':
      return sample(inner('innerType'), variant);
    case 'nullable':
      return variant === 'sparse' ? null : sample(inner('innerType'), variant);
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sample(inner('innerType'), variant);
    case 'array':
      return variant === 'sparse'
        ? []
        : [sample(inner('element'), variant), sample(inner('element'), variant)];
    case 'record': {
      if (variant === 'sparse') return {};
      const keyDef = inner('keyType')._zod.def as unknown as {
        type: string;
        entries?: Record<string, string>;
      };
      const keys = keyDef.type === 'enum' ? Object.values(keyDef.entries!) : ['first', '2'];
      return Object.fromEntries(keys.map((key) => [key, sample(inner('valueType'), variant)]));
    }
    case 'union': {
      const options = def.options as z.ZodType[];
      return sample(variant === 'full' ? options[0]! : options[options.length - 1]!, variant);
    }
    case 'enum': {
      const values = Object.values(def.entries as Record<string, string>);
      return variant === 'full' ? values[0] : values[values.length - 1];
    }
    case 'literal':
      return (def.values as unknown[])[0];
    case 'string':
      return stringFor(schema as z.ZodString, variant);
    case 'number':
      return numberFor(schema as z.ZodNumber);
    case 'boolean':
      return variant === 'full';
    case 'null':
      return null;
    case 'pipe':
      return sample(inner('out'), variant);
    case 'lazy':
      return sample((def.getter as () => z.ZodType)(), variant);
    case 'any':
    case 'unknown':
      return variant === 'full' ? { any: [1, 'two', null] } : null;
    default:
      throw new Error(`no sample for a ${def.type}`);
  }
}

/** 7 (or 7.25), or a value inside the schema's bounds when 7 is not. */
function numberFor(schema: z.ZodNumber): number {
  const isInt = schema.format === 'safeint' || schema.isInt;
  const low = schema.minValue ?? -Infinity;
  const high = schema.maxValue ?? Infinity;
  const wanted = isInt ? 7 : 7.25;
  if (wanted >= low && wanted <= high) return wanted;
  const middle =
    Number.isFinite(low) && Number.isFinite(high)
      ? (low + high) / 2
      : Number.isFinite(high)
        ? high - 1
        : low + 1;
  return isInt ? Math.round(middle) : middle;
}

function stringFor(schema: z.ZodString, variant: Variant): string {
  switch (schema.format) {
    case 'email':
      return 'maria.lopez@example.test';
    case 'datetime':
      return '2026-03-04T09:00:00.000Z';
    case 'date':
      return '2026-03-04';
    case 'uuid':
      return '3f2b8c1e-7d4a-4e6b-9c1d-2a3b4c5d6e7f';
    case 'url':
      return 'https://hep.test/a?b=1';
    default:
      return variant === 'full' ? TEXT : '';
  }
}

let t: TestApp;
const routes: { name: string; status: string; schema: z.ZodType }[] = [];
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        const response = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
        const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
        for (const [status, schema] of Object.entries(response))
          for (const method of methods) routes.push({ name: `${method} ${route.url}`, status, schema });
      },
    },
  );
});
afterAll(() => t.close());

describe('compiled response serializers (docs/decisions/029-compiled-serializers.md)', () => {
  it('cover the routes: most of them declare a response schema', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('write exactly what the Zod schema encodes, for every route and status, full and sparse', () => {
    const differences: string[] = [];
    let compared = 0;
    for (const route of routes) {
      const serialize = responseSerializerCompiler({
        schema: route.schema,
        method: 'GET',
        url: route.name,
        httpStatus: route.status,
      });
      for (const variant of ['full', 'sparse'] as const) {
        const value = sample(route.schema, variant);
        const encoded = z.safeEncode(route.schema, value);
        if (!encoded.success) {
          differences.push(
            `${route.name} ${route.status} ${variant}: the sample is not valid: ${encoded.error.message}`,
          );
          continue;
        }
        compared += 1;
        // The same JSON: values, types and keys; the order of an object's keys may differ (required ones first).
        const written = serialize(value);
        if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(encoded.data))))
          differences.push(
            `${route.name} ${route.status} ${variant}:\n  ${written}\n  ${JSON.stringify(encoded.data)}`,
          );
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBe(routes.length * 2);
  });

  it('writes a record of text as the compiled serializer does, escapes and nesting included', () => {
    const statuses = z.record(z.string(), z.enum(['completed', 'missed']));
    const notes = z.record(z.string(), z.record(z.string(), z.string()));
    expect(isRecordOfText(responseJsonSchema(statuses))).toBe(true);
    expect(isRecordOfText(responseJsonSchema(notes))).toBe(true);
    expect(isRecordOfText(responseJsonSchema(z.record(z.string(), z.number())))).toBe(false);
    expect(isRecordOfText(responseJsonSchema(z.record(z.string(), z.string().nullable())))).toBe(false);
    expect(isRecordOfText(responseJsonSchema(z.object({ a: z.string() })))).toBe(false);
    const value = { [TEXT]: { '2026-11-01': TEXT, second: 'plain' }, empty: {} };
    const serialize = responseSerializerCompiler({
      schema: notes,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize(value)).toBe(fastJson(responseJsonSchema(notes))(value));
    expect(JSON.parse(serialize(value))).toEqual(value);
  });

  it('drops what the schema does not name, as Zod does', () => {
    const schema = z.object({ id: z.number(), name: z.string().nullable() });
    const serialize = responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    expect(serialize({ id: 1, name: null, password_hash: 'secret' })).toBe('{"id":1,"name":null}');
  });
});
