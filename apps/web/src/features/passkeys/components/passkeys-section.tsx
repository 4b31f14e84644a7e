import { useState } from 'react';
import { KeyFill } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { errorMessage } from '../../../lib/api-error';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { browserHasPasskeys, ceremonyProblem, PASSKEY_TEXT } from '../utils/webauthn';
import { PasskeyList } from './passkey-list';

type Result = { kind: 'success' | 'danger'; text: string };

/** "Sign in faster on this device" on My Details: add a passkey, see and remove one's passkeys. */
export function PasskeysSection() {
  const [supported] = useState(browserHasPasskeys);
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [result, setResult] = useState<Result | null>(null);
  const { t } = useLingui();

  const onAdd = () => {
    setResult(null);
    add.mutate(undefined, {
      onSuccess: () => setResult({ kind: 'success', text: t(PASSKEY_TEXT.added) }),
      onError: (error) => {
        const problem = ceremonyProblem(error, 'add');
        setResult({
          kind: 'danger',
          text: problem ? t(problem) : errorMessage(error, t(PASSKEY_TEXT.addFailed)),
        });
      },
    });
  };

  return (
    <section className="card" aria-labelledby="passkeys-title">
      <div className="card-body d-grid gap-3">
        <div>
          <h2 id="passkeys-title" className="h4 mb-2">
            <Trans>Sign in faster on this device</Trans>
          </h2>
          <p className="mb-0">
            <Trans>
              Add a passkey to log in with your fingerprint, face or phone screen lock instead of your
              password.
            </Trans>
          </p>
        </div>
        {supported ? (
          <div>
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={onAdd}
              disabled={add.isPending}
            >
              <KeyFill aria-hidden="true" />
              {add.isPending ? <Trans>Adding...</Trans> : <Trans>Add a passkey</Trans>}
            </button>
          </div>
        ) : (
          <PlainAlert variant="info" role="status" className="mb-0">
            {t(PASSKEY_TEXT.unsupported)}
          </PlainAlert>
        )}
        {result ? (
          <PlainAlert
            variant={result.kind}
            role={result.kind === 'success' ? 'status' : 'alert'}
            className="mb-0"
          >
            {result.text}
          </PlainAlert>
        ) : null}
        <div>
          <h3 className="h5">
            <Trans>Your passkeys</Trans>
          </h3>
          {passkeys.isPending ? (
            <LoadingText />
          ) : passkeys.isError ? (
            <p className="mb-0">
              <Trans>We could not load your passkeys. Please try again later.</Trans>
            </p>
          ) : (
            <PasskeyList
              passkeys={passkeys.data}
              onRemoved={() => setResult({ kind: 'success', text: t(PASSKEY_TEXT.removed) })}
            />
          )}
        </div>
      </div>
    </section>
  );
}
