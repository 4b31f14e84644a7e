import { Trans } from '@lingui/react/macro';
import type { TProgramListItem } from '@hep/shared/schemas/programs';
import { ProgramCard } from './program-card';
import type { TProgramCardActions } from './program-card-actions';

interface ProgramCardsProps extends TProgramCardActions {
  programs: TProgramListItem[];
}

/** One tab's programs as cards, or the empty text. */
export function ProgramCards({ programs, ...actions }: ProgramCardsProps) {
  if (programs.length === 0)
    return (
      <p className="text-body-secondary my-4">
        <Trans>No programs found in this category.</Trans>
      </p>
    );
  return (
    <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-3 mb-0">
      {programs.map((program) => (
        <li key={program.id} className="col">
          <ProgramCard program={program} {...actions} />
        </li>
      ))}
    </ul>
  );
}
