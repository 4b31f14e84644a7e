import type { TProgram } from '@hep/shared/schemas/programs';

/** What a program card needs from the page: the client, and the dialogs its menu opens. */
export interface TProgramCardActions {
  clientId: string;
  onSummary: (program: TProgram) => void;
  onDelete: (program: TProgram) => void;
  /** The template actions (docs/product/library-and-templates.md#templates), when the page offers them. */
  onSaveAsTemplate?: (program: TProgram) => void;
  onCopyToClient?: (program: TProgram) => void;
}
