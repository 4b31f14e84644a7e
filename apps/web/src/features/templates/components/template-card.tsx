import Button from 'react-bootstrap/Button';
import { PencilSquare, Trash } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { dosageInWords } from '@hep/shared/domain/dosage';
import { translateText } from '../../../lib/i18n/translated-resolver';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { daysInWords, exerciseCountInWords, weeksInWords } from '../utils/template-words';

interface TemplateCardProps {
  template: TTemplate;
  onDelete: (template: TTemplate) => void;
}

/** A template on the Templates page: its facts, each exercise with its dosage in words, Edit and Delete. */
export function TemplateCard({ template, onDelete }: TemplateCardProps) {
  const { t } = useLingui();
  const { name } = template;
  const titleId = `template-${template.id}-name`;
  const exercises = [...template.exercises].sort((a, b) => a.position - b.position);
  return (
    <article className="card h-100" aria-labelledby={titleId}>
      <div className="card-body d-flex flex-column gap-2">
        <h2 id={titleId} className="h5 mb-0 text-break">
          {template.name}
        </h2>
        <dl className="template-facts">
          <dt>
            <Trans>Days</Trans>
          </dt>
          <dd>{daysInWords(template.days_of_week)}</dd>
          <dt>
            <Trans>Length</Trans>
          </dt>
          <dd>{weeksInWords(template.weeks)}</dd>
          {template.created_by_name ? (
            <>
              <dt>
                <Trans>Made by</Trans>
              </dt>
              <dd>{template.created_by_name}</dd>
            </>
          ) : null}
        </dl>
        <h3 className="h6 mb-0">{exerciseCountInWords(template.exercise_count)}</h3>
        <ol className="template-exercises">
          {exercises.map((exercise) => {
            const words = dosageInWords(exercise, translateText);
            return (
              <li key={exercise.id}>
                <span className="fw-semibold">{exercise.name}</span>
                {words ? <span className="d-block text-body-secondary">{words}</span> : null}
              </li>
            );
          })}
        </ol>
        <div className="d-flex flex-wrap gap-2 mt-auto pt-2">
          <Link to={`/templates/${template.id}`} className="btn btn-primary" aria-label={t`Edit ${name}`}>
            <PencilSquare aria-hidden="true" /> <Trans>Edit</Trans>
          </Link>
          <Button variant="outline-danger" onClick={() => onDelete(template)} aria-label={t`Delete ${name}`}>
            <Trash aria-hidden="true" /> <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
    </article>
  );
}
