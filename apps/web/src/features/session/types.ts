import type { ComponentType, ReactNode, Ref } from 'react';
import type { TExercise } from '@hep/shared/schemas/programs';

/** What the client gives for one exercise. */
export interface TSessionEntry {
  exercise: TExercise;
  effort: number;
  /** Pain (docs/product/feedback-and-progress.md#pain): 0-10, or null for no answer. */
  pain: number | null;
  feeling: string;
  media: File | null;
  signal: AbortSignal;
  onProgress?: (percent: number) => void;
}

/** How a save went: sent, kept on the phone (offline) with the text to show, or failed with its message. */
export type TSessionSaveResult =
  { status: 'saved' } | { status: 'queued'; text: string } | { status: 'failed'; message: string };

/** The optional photo or video field, which the page supplies (the feedback feature's input). */
export interface TMediaInputProps {
  id: string;
  file: File | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (file: File | null, error: string | null) => void;
}

/** The effort question (the feedback feature's picker): 1-10, null until the client picks. */
export interface TEffortFieldProps {
  name: string;
  value: number | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (effort: number) => void;
  firstRef?: Ref<HTMLInputElement>;
}

/** The optional pain question (the feedback feature's picker): 0-10, or null for no answer. */
export interface TPainFieldProps {
  name: string;
  value: number | null;
  disabled: boolean;
  onChange: (pain: number | null) => void;
  firstRef?: Ref<HTMLInputElement>;
}

/**
 * What the page lends the session: saving, and the pieces of other features it shows (the exercise's picture, and
 * the feedback's effort, pain and photo or video fields, the same as the program view's).
 */
export interface TSessionServices {
  save: (entry: TSessionEntry) => Promise<TSessionSaveResult>;
  renderMedia: (exercise: TExercise) => ReactNode;
  EffortField: ComponentType<TEffortFieldProps>;
  PainField: ComponentType<TPainFieldProps>;
  renderMediaInput: (props: TMediaInputProps) => ReactNode;
}
