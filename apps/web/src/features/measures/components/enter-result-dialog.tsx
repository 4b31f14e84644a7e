import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TInstrumentView, TMeasureAssignment } from '@hep/shared/schemas/measures';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { ModalHeader } from '../../../components/ui/modal-header';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { clientMeasuresKey } from '../api/get-client-measures';
import { newResponseKey, postMeasureResponse } from '../api/save-measure-response';
import { scoreText } from '../utils/measure-words';
import { Stopwatch } from './stopwatch';

interface EnterResultDialogProps {
  clientId: string;
  assignment: TMeasureAssignment;
  instrument: TInstrumentView;
  onClose: () => void;
}

/**
 * The care team enters a performance test's result (docs/product/outcome-measures.md#on-the-client-page): a number
 * per item, a stopwatch beside each timed one; the score and band show before the dialog closes.
 */
export function EnterResultDialog({ clientId, assignment, instrument, onClose }: EnterResultDialogProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [key] = useState(newResponseKey);
  const save = useMutation({
    mutationFn: (answers: Record<string, number | null>) =>
      postMeasureResponse(assignment.id, key, { answers }),
  });

  const submit = () => {
    const answers = Object.fromEntries(
      instrument.items.map((item) => [item.id, values[item.id]?.trim() ? Number(values[item.id]) : null]),
    );
    save.mutate(answers, {
      onSuccess: (result) => {
        const band = instrument.bands.find((b) => b.code === result.band)?.label;
        const score = scoreText(result.score, instrument);
        setSaved(band ? t`Saved: ${score} (${band}).` : t`Saved: ${score}.`);
        void queryClient.invalidateQueries({ queryKey: clientMeasuresKey(clientId) });
      },
      onError: (error) => {
        setFields(isApiError(error) ? error.fields : {});
        setProblem(errorMessage(error, t`The result could not be saved. Please try again.`));
      },
    });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="enter-result-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (saved) onClose();
          else submit();
        }}
      >
        <ModalHeader closeButton>
          <Modal.Title id="enter-result-title" as="h2" className="h4">
            <Trans>Enter a result: {instrument.short_name}</Trans>
          </Modal.Title>
        </ModalHeader>
        <Modal.Body>
          <p>{instrument.instructions}</p>
          {instrument.items.map((item) => {
            const scale = instrument.scales[item.scale]!;
            return (
              <div key={item.id} className="mb-3">
                <TextField
                  id={`result-${item.id}`}
                  label={item.text}
                  type="number"
                  inputMode="decimal"
                  min={scale.min}
                  max={scale.max}
                  step={scale.step}
                  value={values[item.id] ?? ''}
                  error={fields[`answers.${item.id}`]}
                  disabled={saved !== null}
                  onChange={(event) => setValues((all) => ({ ...all, [item.id]: event.target.value }))}
                />
                {scale.unit === 'seconds' && saved === null ? (
                  <Stopwatch
                    onStop={(seconds) =>
                      setValues((all) => ({ ...all, [item.id]: String(Math.min(seconds, scale.max)) }))
                    }
                  />
                ) : null}
              </div>
            );
          })}
          {problem && !saved ? <PlainAlert variant="danger">{problem}</PlainAlert> : null}
          {saved ? (
            <PlainAlert variant="success" role="status">
              {saved}
            </PlainAlert>
          ) : null}
        </Modal.Body>
        <ModalFormFooter
          onCancel={onClose}
          label={saved ? t`Done` : t`Save result`}
          busyLabel={t`Saving...`}
          busy={save.isPending}
        />
      </form>
    </Modal>
  );
}
