import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useNavigate } from 'react-router';
import { homePathFor, type RoleFlags } from '@hep/shared/domain/roles';
import { MESSAGES } from '@hep/shared/messages';
import type { TTerms } from '@hep/shared/schemas/auth';
import { setAgreed } from '../../../lib/session';
import { useSubmitTerms } from '../api/submit-terms';

const AGREEMENTS: { key: keyof TTerms; label: string }[] = [
  { key: 'privacy', label: 'I have read and agree to the Privacy Policy' },
  { key: 'waiver', label: 'I have read and accept the Liability Waiver' },
  { key: 'terms', label: 'I have read and agree to the Terms and Conditions' },
];

/** Three checkboxes; the button is enabled once all are ticked. */
export function TermsAgreementForm({ user }: { user: RoleFlags }) {
  const navigate = useNavigate();
  const [ticked, setTicked] = useState<TTerms>({ privacy: false, waiver: false, terms: false });
  const submit = useSubmitTerms();
  const allTicked = ticked.privacy && ticked.waiver && ticked.terms;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!allTicked) return;
    submit.mutate(ticked, {
      onSuccess: () => {
        // Navigate in the same tick: once agreed, the page shows the read-only terms instead of this form.
        void navigate(homePathFor(user), { replace: true });
        setAgreed(true);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="mt-4" aria-label="Agree to the terms">
      <fieldset>
        <legend className="h5">Your agreement</legend>
        {AGREEMENTS.map(({ key, label }) => (
          <div className="form-check" key={key}>
            <input
              id={`agree-${key}`}
              type="checkbox"
              className="form-check-input"
              checked={ticked[key]}
              onChange={(event) => setTicked((current) => ({ ...current, [key]: event.target.checked }))}
            />
            <label htmlFor={`agree-${key}`} className="form-check-label">
              {label}
            </label>
          </div>
        ))}
      </fieldset>
      <button
        type="submit"
        className="btn btn-primary btn-lg w-100 mt-3"
        disabled={!allTicked || submit.isPending}
      >
        I Agree to All Terms
      </button>
      {submit.isError ? (
        <Alert variant="danger" className="mt-3">
          {MESSAGES.termsSubmitFailed}
        </Alert>
      ) : null}
    </form>
  );
}
