import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/*
 * Responses are written by serializers compiled once per route from the JSON Schema of their shared Zod schema
 * (docs/decisions/029-compiled-serializers.md), not by walking the Zod schema for every response. What a serializer
 * writes is what the Zod schema's encode would give, key for key (response-serializer.test.ts checks every route).
 */

type JsonSchema = { [key: string]: unknown };

/**
 * Zod writes a nullable object or array as `anyOf: [S, {type: 'null'}]`; fast-json-stringify would try each branch
 * with a validator for every value. `nullable: true` on S says the same and serializes straight away.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node as JsonSchema).map(([key, value]) => [key, simplify(value)]),
  ) as JsonSchema;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nonNull = anyOf.filter((member) => !(member.type === 'null' && Object.keys(member).length === 1));
    if (nonNull.length === 1) {
      const { anyOf: _anyOf, ...rest } = schema;
      return { ...rest, ...nonNull[0], nullable: true };
    }
  }
  return schema;
}

/** The JSON Schema a response's Zod schema compiles to (exported for the test). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const { $schema: _dialect, ...rest } = json as JsonSchema;
  return simplify(rest) as JsonSchema;
}

/**
 * Whether the schema is a record of text (or of records of text), such as a month's day statuses: JSON.stringify
 * writes any value it admits exactly as the compiled serializer would, in about half the time, since
 * fast-json-stringify checks each key and each value for characters to escape on its own.
 */
export function isRecordOfText(schema: JsonSchema): boolean {
  if (schema.type !== 'object' || schema.properties !== undefined || schema.patternProperties !== undefined)
    return false;
  const values = schema.additionalProperties;
  if (values === null || typeof values !== 'object') return false;
  const value = values as JsonSchema;
  return (value.type === 'string' && value.format === undefined && !value.nullable) || isRecordOfText(value);
}

/** Fastify's serializer compiler for the routes' Zod response schemas. */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const json = responseJsonSchema(schema);
  return isRecordOfText(json) ? JSON.stringify : fastJson(json);
};
