import type { TProgram } from '@hep/shared/schemas/programs';

/** What a program card needs from the page: the client, and the dialogs its menu opens. */
export interface TProgramCardActions {
  clientId: string;
  onSummary: (program: TProgram) => void;
  onDelete: (program: TProgram) => void;
  /** The template actions (design 10.4), when the page offers them. */
  onSaveAsTemplate?: (program: TProgram) => void;
  onCopyToClient?: (program: TProgram) => void;
}
