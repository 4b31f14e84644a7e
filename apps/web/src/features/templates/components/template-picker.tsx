import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Bookmarks, ChevronRight } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { LoadingText } from '../../../components/ui/loading-text';
import { useTemplates } from '../api/get-templates';
import { daysInWords, exerciseCountInWords } from '../utils/template-words';
import './templates.css';

// A short list: past this many, a search box narrows it (names are what a therapist remembers).
const SHOWN = 5;

interface TemplatePickerProps {
  /** One tap on a template hands it over whole (exercises included). */
  onChoose: (template: TTemplate) => void;
}

/** Create Program's "Start from template": the clinic's templates, each one button (name, days, exercises). */
export function TemplatePicker({ onChoose }: TemplatePickerProps) {
  const templates = useTemplates();
  const { t } = useLingui();
  const [term, setTerm] = useState('');
  const all = templates.data;
  const matches = useMemo(() => {
    const wanted = term.trim().toLowerCase();
    return (all ?? []).filter((template) => template.name.toLowerCase().includes(wanted));
  }, [all, term]);

  return (
    <section className="card template-picker mb-4" aria-labelledby="template-picker-title">
      <div className="card-body">
        <h2 id="template-picker-title" className="h5 d-flex align-items-center gap-2">
          <Bookmarks aria-hidden="true" />
          <Trans>Start from template</Trans>
        </h2>
        {templates.isPending ? <LoadingText text={t`Loading templates...`} /> : null}
        {templates.isError ? (
          <Alert variant="danger" className="mb-0">
            <Trans>Templates could not be loaded. You can still fill in the form below.</Trans>
          </Alert>
        ) : null}
        {all && all.length === 0 ? (
          <p className="mb-0 text-body-secondary">
            <Trans>No templates yet. Open a program&apos;s menu and choose Save as template.</Trans>
          </p>
        ) : null}
        {all && all.length > SHOWN ? (
          <div className="mb-2">
            <label htmlFor="template-search" className="form-label">
              <Trans>Find a template</Trans>
            </label>
            <input
              id="template-search"
              type="search"
              className="form-control"
              value={term}
              autoComplete="off"
              onChange={(event) => setTerm(event.target.value)}
            />
          </div>
        ) : null}
        {all && all.length > 0 ? (
          <>
            <ul className="list-unstyled d-grid gap-2 mb-2">
              {matches.slice(0, SHOWN).map((template) => (
                <li key={template.id}>
                  <button type="button" className="template-choice" onClick={() => onChoose(template)}>
                    <span className="template-choice-text">
                      <span className="template-choice-name">{template.name}</span>
                      <span className="template-choice-facts">
                        {daysInWords(template.days_of_week)} · {exerciseCountInWords(template.exercise_count)}
                      </span>
                    </span>
                    <ChevronRight aria-hidden="true" className="flex-shrink-0 flip-rtl" />
                  </button>
                </li>
              ))}
            </ul>
            {matches.length === 0 ? (
              <p className="text-body-secondary">
                <Trans>No template has that name.</Trans>
              </p>
            ) : null}
            <Link to="/templates">
              <Trans>Manage templates</Trans>
            </Link>
          </>
        ) : null}
      </div>
    </section>
  );
}
