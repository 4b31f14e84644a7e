import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { formatMediumDate } from '../../../lib/calendar-date';
import { daysInWords } from '../utils/days-in-words';
import { PrintExercise } from './print-exercise';
import { ProgramQrCode } from './program-qr-code';
import './print.css';
import { translateText } from '../../../lib/i18n/translated-resolver';

interface PrintSheetProps {
  program: TProgram;
  /** Where the QR code leads: the program in the app (PUBLIC_URL/program/{id}). */
  programUrl: string;
  /** A photo's signed URL stopped working (they expire after an hour). */
  onMediaError?: () => void;
}

function datesInWords(program: TProgram, i18n: I18n): string {
  const start = program.start_date ? formatMediumDate(program.start_date) : null;
  const end = program.end_date ? formatMediumDate(program.end_date) : null;
  if (start && end) return i18n._(msg`${start} to ${end}`);
  if (start) return i18n._(msg`From ${start}, no end date`);
  return i18n._(msg`Not set`);
}

/**
 * The program on paper (docs/product/library-and-templates.md#print-page): who and when, a QR code to open it on a
 * phone, then every exercise.
 */
export function PrintSheet({ program, programUrl, onMediaError }: PrintSheetProps) {
  const { t, i18n } = useLingui();
  return (
    <article className="print-sheet" aria-labelledby="print-title">
      <header className="print-header">
        <div className="print-header-text">
          <p className="print-kicker">
            <Trans>Home exercise program</Trans>
          </p>
          <h1 id="print-title" className="print-title">
            {program.name}
          </h1>
          <dl className="print-facts">
            <dt>
              <Trans>Client</Trans>
            </dt>
            <dd>{program.client_name}</dd>
            <dt>
              <Trans>Dates</Trans>
            </dt>
            <dd>{datesInWords(program, i18n)}</dd>
            <dt>
              <Trans>Days</Trans>
            </dt>
            <dd>{daysInWords(program.days_of_week, i18n)}</dd>
            {program.therapist_name ? (
              <>
                <dt>
                  <Trans>Therapist</Trans>
                </dt>
                <dd>
                  {program.therapist_name}
                  {program.therapist_discipline ? `, ${translateText(program.therapist_discipline)}` : ''}
                </dd>
              </>
            ) : null}
          </dl>
        </div>
        <figure className="print-qr">
          <ProgramQrCode url={programUrl} label={t`QR code that opens this program: ${programUrl}`} />
          <figcaption>
            <Trans>Scan to open this program on your phone.</Trans>
          </figcaption>
        </figure>
      </header>
      <ol className="print-exercises">
        {program.exercises.map((exercise, index) => (
          <PrintExercise
            key={exercise.id}
            exercise={exercise}
            number={index + 1}
            onMediaError={onMediaError}
          />
        ))}
      </ol>
    </article>
  );
}
