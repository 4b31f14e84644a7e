import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useNavigate } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { homePathFor, type RoleFlags } from '@hep/shared/domain/roles';
import type { TTerms } from '@hep/shared/schemas/auth';
import { setAgreed } from '../../../lib/session';
import { useSubmitTerms } from '../api/submit-terms';

const AGREEMENTS: { key: keyof TTerms; label: MessageDescriptor }[] = [
  { key: 'privacy', label: msg`I have read and agree to the Privacy Policy` },
  { key: 'waiver', label: msg`I have read and accept the Liability Waiver` },
  { key: 'terms', label: msg`I have read and agree to the Terms and Conditions` },
];

/** Three checkboxes; the button is enabled once all are ticked. */
export function TermsAgreementForm({ user }: { user: RoleFlags }) {
  const navigate = useNavigate();
  const [ticked, setTicked] = useState<TTerms>({ privacy: false, waiver: false, terms: false });
  const submit = useSubmitTerms();
  const { t } = useLingui();
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
    <form onSubmit={onSubmit} className="mt-4" aria-label={t`Agree to the terms`}>
      <fieldset>
        <legend className="h5">
          <Trans>Your agreement</Trans>
        </legend>
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
              {t(label)}
            </label>
          </div>
        ))}
      </fieldset>
      <button
        type="submit"
        className="btn btn-primary btn-lg w-100 mt-3"
        disabled={!allTicked || submit.isPending}
      >
        <Trans>I Agree to All Terms</Trans>
      </button>
      {submit.isError ? (
        <Alert variant="danger" className="mt-3">
          <Trans>Failed to submit agreements. Please try again.</Trans>
        </Alert>
      ) : null}
    </form>
  );
}
