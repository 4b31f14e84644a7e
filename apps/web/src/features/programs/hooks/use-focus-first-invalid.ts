import { type RefObject, useEffect } from 'react';

/**
 * Each time `request` goes up, brings the form's first invalid field into view and focuses it
 * (docs/product/programs-and-exercises.md#checks: the form scrolls to and focuses the first field in error), once the
 * errors are on screen.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, request: number) {
  useEffect(() => {
    if (request === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid="true"] button',
    );
    if (!target) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  }, [formRef, request]);
}
