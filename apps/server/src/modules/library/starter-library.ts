import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DOSAGE_RANGES, type DosageNumberField, SIDES } from '@hep/shared/domain/dosage';
import { TRANSLATED_LANGUAGES } from '@hep/shared/languages';

/*
 * The starter library (docs/product/library-and-templates.md#starter-library): neurological rehabilitation exercises
 * written by us, in plain words, with tags and a usual dose, kept as data in starter-library.json. Loaded after the
 * migrations at every start (starter-library.service.ts): raise `version` whenever an item changes, so that every
 * database rewrites its copy; a `key` never changes or gets reused. Each item's picture is shipped beside it
 * (starter-pictures.ts), and each item carries our translation into every other language
 * (docs/product/library-and-templates.md#translations).
 */

/** The file the app ships, beside this module (the server runs from its sources). */
export const STARTER_LIBRARY_FILE = fileURLToPath(new URL('./starter-library.json', import.meta.url));

const dose = (field: DosageNumberField) =>
  z.number().int().min(DOSAGE_RANGES[field].min).max(DOSAGE_RANGES[field].max).optional();

const ZStarterText = z.strictObject({
  name: z.string().trim().min(1),
  instructions: z.string().trim().min(1),
});

/** Every language besides English (all of them: a record of an enum needs each key), no other. */
const ZStarterTranslations = z.record(z.enum(TRANSLATED_LANGUAGES), ZStarterText);

const ZStarterItem = z.strictObject({
  key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Expected lower-case words joined by hyphens'),
  name: z.string().trim().min(1),
  instructions: z.string().trim().min(1),
  tags: z.array(z.string().trim().min(1)).min(1),
  sets: dose('sets'),
  reps: dose('reps'),
  hold_seconds: dose('hold_seconds'),
  rest_seconds: dose('rest_seconds'),
  times_per_day: dose('times_per_day'),
  side: z.enum(SIDES).optional(),
  translations: ZStarterTranslations,
});

export const ZStarterLibrary = z
  .strictObject({ version: z.number().int().positive(), items: z.array(ZStarterItem).min(1) })
  .superRefine((library, ctx) => {
    const seen = new Set<string>();
    library.items.forEach((item, index) => {
      if (seen.has(item.key))
        ctx.addIssue({ code: 'custom', path: ['items', index, 'key'], message: `Duplicate key ${item.key}` });
      seen.add(item.key);
    });
  });

export type StarterItem = z.infer<typeof ZStarterItem>;
export type StarterLibrary = z.infer<typeof ZStarterLibrary>;

const where = (path: PropertyKey[]) =>
  path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');

/** Reads and checks a starter library file; a broken one is refused with what is wrong and where. */
export function readStarterLibrary(file: string = STARTER_LIBRARY_FILE): StarterLibrary {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The starter library ${file} is not readable JSON: ${(error as Error).message}`);
  }
  const parsed = ZStarterLibrary.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${where(issue.path) || '(the file)'}: ${issue.message}`,
    );
    throw new Error(`The starter library ${file} is not valid: ${issues.join('; ')}`);
  }
  return parsed.data;
}
