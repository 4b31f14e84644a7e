import pg from 'pg';

/** The types Drizzle's node-postgres session reads as the text sent: dates, times and intervals, and their arrays. */
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asSent = (value: string) => value;

/**
 * node-postgres's type parsers as Drizzle's session sets them, for a statement sent past Drizzle
 * (lib/prepared-sql.ts) that must read its rows as a Drizzle query would.
 */
export const drizzleTypes: pg.CustomTypesConfig = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId)
      ? asSent
      : pg.types.getTypeParser(typeId, format)) as pg.CustomTypesConfig['getTypeParser'],
};
