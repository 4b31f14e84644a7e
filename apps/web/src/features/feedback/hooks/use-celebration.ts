import { useCallback, useState } from 'react';
import { fireConfetti, playSuccessSound } from '../utils/celebrate';

/**
 * A new completion's celebration (docs/product/feedback-and-progress.md#celebration): the success sound, confetti and
 * the "Exercise Complete!" toast. Spread `toast` on the CompletionToast.
 */
export function useCelebration() {
  const [completion, setCompletion] = useState(0);
  const [show, setShow] = useState(false);
  const celebrate = useCallback(() => {
    playSuccessSound();
    void fireConfetti();
    setCompletion((n) => n + 1);
    setShow(true);
  }, []);
  const onClose = useCallback(() => setShow(false), []);
  return { celebrate, toast: { show, completion, onClose } };
}
