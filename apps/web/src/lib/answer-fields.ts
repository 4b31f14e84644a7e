import type { Ref } from 'react';

// The props of the feedback feature's effort and pain questions, which the session shows too: the session page lends
// it the feedback feature's pickers, and features do not import each other (ARCHITECTURE.md), so both name the props
// here.

/** The effort question: 1-10, null until the client picks (0, "not rated", is never offered). */
export interface TEffortFieldProps {
  /** Names the radio group and the ids of its options; unique per exercise and form. */
  name: string;
  value: number | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (effort: number) => void;
  /** The first option, focused when the client is asked to choose. */
  firstRef?: Ref<HTMLInputElement>;
}

/** The optional pain question: 0-10, or null for no answer (docs/product/feedback-and-progress.md#pain). */
export interface TPainFieldProps {
  /** Names the radio group and the ids of its options; unique per exercise and form. */
  name: string;
  value: number | null;
  disabled: boolean;
  onChange: (pain: number | null) => void;
  /** "No answer", focused when the question is opened on request. */
  firstRef?: Ref<HTMLInputElement>;
}
