import type {
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import type { TLanguage } from '@hep/shared/languages';
import type { TInstrument } from '@hep/shared/measures/instrument-schema';
import { instrumentLanguage, instrumentText } from '@hep/shared/measures/instruments';
import { enteredByReference, fhirId, type People, referenceTo } from './fhir-references';
import type { MeasureResultRow } from './fhir.repository';

/*
 * Outcome measures (docs/product/outcome-measures.md) as FHIR: each instrument the client has a result of as a
 * Questionnaire (its questions and answer choices in the client's language when the instrument carries it), each
 * result as a QuestionnaireResponse with the answers and the score as scored then (docs/product/records.md).
 */

type Scale = TInstrument['scales'][string];

const SCORE_ITEM = 'score';

export const questionnaireUrl = (base: string, instrument: TInstrument) =>
  `${base}/Questionnaire/${fhirId(instrument.code)}`;

const numberType = (scale: Scale) =>
  Number.isInteger(scale.step) && Number.isInteger(scale.min) ? ('integer' as const) : ('decimal' as const);

function question(
  linkId: string,
  text: string,
  scale: Scale,
  language: TLanguage,
  required: boolean,
): QuestionnaireItem {
  if (scale.options)
    return {
      linkId,
      text,
      type: 'choice',
      required,
      answerOption: scale.options.map((option) => ({
        valueCoding: { code: String(option.value), display: instrumentText(option.label, language) },
      })),
    };
  return { linkId, text, type: numberType(scale), required };
}

/** The questions a response answers: the items, or one per activity a PSFS client may name (`activity_1` on). */
function questionsOf(instrument: TInstrument, language: TLanguage): QuestionnaireItem[] {
  const activities = instrument.activities;
  if (activities) {
    const scale = instrument.scales[activities.scale]!;
    const prompt = instrumentText(activities.prompt, language);
    return Array.from({ length: activities.max }, (_, index) =>
      question(`activity_${index + 1}`, prompt, scale, language, index < activities.min),
    );
  }
  return instrument.items.map((item) =>
    question(item.id, instrumentText(item.text, language), instrument.scales[item.scale]!, language, true),
  );
}

export function questionnaireOf(
  instrument: TInstrument,
  clientLanguage: TLanguage,
  base: string,
): Questionnaire {
  const language = instrumentLanguage(instrument, clientLanguage);
  return {
    resourceType: 'Questionnaire',
    id: fhirId(instrument.code),
    url: questionnaireUrl(base, instrument),
    version: instrument.version,
    title: instrumentText(instrument.name, language),
    status: 'active',
    subjectType: ['Patient'],
    description: instrumentText(instrument.instructions, language),
    copyright: instrument.licence,
    item: [
      ...questionsOf(instrument, language),
      { linkId: SCORE_ITEM, text: 'Score', type: 'decimal', readOnly: true },
    ],
  };
}

function answerOf(
  value: number,
  scale: Scale | undefined,
  language: TLanguage,
): QuestionnaireResponseItemAnswer {
  const option = scale?.options?.find((o) => o.value === value);
  if (option)
    return { valueCoding: { code: String(value), display: instrumentText(option.label, language) } };
  return Number.isInteger(value) && scale && numberType(scale) === 'integer'
    ? { valueInteger: value }
    : { valueDecimal: value };
}

/** Each answered question, in the questionnaire's order; a PSFS question carries the activity the client named. */
function answeredItems(
  row: MeasureResultRow,
  instrument: TInstrument,
  language: TLanguage,
): QuestionnaireResponseItem[] {
  const answers = (row.answers ?? {}) as Record<string, unknown>;
  const activities = Array.isArray(row.activities) ? (row.activities as unknown[]) : [];
  const questions = instrument.activities
    ? activities.map((activity, index) => ({
        linkId: `activity_${index + 1}`,
        text: typeof activity === 'string' && activity.trim() ? activity.trim() : undefined,
        scale: instrument.scales[instrument.activities!.scale],
      }))
    : instrument.items.map((item) => ({
        linkId: item.id,
        text: instrumentText(item.text, language),
        scale: instrument.scales[item.scale],
      }));
  return questions.flatMap((q) => {
    const value = answers[q.linkId];
    if (typeof value !== 'number' || !Number.isFinite(value)) return [];
    return [
      { linkId: q.linkId, ...(q.text ? { text: q.text } : {}), answer: [answerOf(value, q.scale, language)] },
    ];
  });
}

export function questionnaireResponseOf(
  row: MeasureResultRow,
  instrument: TInstrument,
  clientLanguage: TLanguage,
  base: string,
  people: People,
): QuestionnaireResponse {
  const language = instrumentLanguage(instrument, clientLanguage);
  return {
    resourceType: 'QuestionnaireResponse',
    id: String(row.id),
    questionnaire: `${questionnaireUrl(base, instrument)}|${row.instrumentVersion}`,
    status: 'completed',
    subject: referenceTo('Patient', people.clientId),
    authored: row.takenAt.toISOString(),
    author: enteredByReference(people, row),
    item: [
      ...answeredItems(row, instrument, language),
      { linkId: SCORE_ITEM, text: 'Score', answer: [{ valueDecimal: row.score }] },
    ],
  };
}
