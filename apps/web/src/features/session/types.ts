import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType, ReactNode } from 'react';
import type { TExercise } from '@hep/shared/schemas/programs';
import type { TEffortFieldProps, TPainFieldProps } from '../../lib/answer-fields';

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

/**
 * How a save went: sent, kept on the phone (offline) with our text to show (a catalog message, shown in the page's
 * language), or failed with its message (the server's, already in the user's language, or a translated one).
 */
export type TSessionSaveResult =
  { status: 'saved' } | { status: 'queued'; text: MessageDescriptor } | { status: 'failed'; message: string };

/** The optional photo or video field, which the page supplies (the feedback feature's input). */
export interface TMediaInputProps {
  id: string;
  file: File | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (file: File | null, error: string | null) => void;
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
