import Dropdown from 'react-bootstrap/Dropdown';
import { BookmarkPlus, People, Printer, ThreeDots } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { TProgramCardActions } from '../client-programs/program-card-actions';

export type TProgramMoreActions = Pick<TProgramCardActions, 'onSaveAsTemplate' | 'onCopyToClient'>;

/** The program view's More menu: Save as template and Copy to another client (when the page offers them), Print. */
export function ProgramMoreMenu({ program, actions }: { program: TProgram; actions?: TProgramMoreActions }) {
  const { t } = useLingui();
  return (
    <Dropdown>
      <Dropdown.Toggle variant="outline-primary" aria-label={t`More program actions`}>
        <ThreeDots aria-hidden="true" /> <Trans>More</Trans>
      </Dropdown.Toggle>
      <Dropdown.Menu className="program-menu shadow-sm">
        {actions?.onSaveAsTemplate ? (
          <Dropdown.Item as="button" type="button" onClick={() => actions.onSaveAsTemplate?.(program)}>
            <BookmarkPlus aria-hidden="true" /> <Trans>Save as template</Trans>
          </Dropdown.Item>
        ) : null}
        {actions?.onCopyToClient ? (
          <Dropdown.Item as="button" type="button" onClick={() => actions.onCopyToClient?.(program)}>
            <People aria-hidden="true" /> <Trans>Copy to another client</Trans>
          </Dropdown.Item>
        ) : null}
        <Dropdown.Item as={Link} to={`/program/${program.id}/print`}>
          <Printer aria-hidden="true" /> <Trans>Print</Trans>
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
