import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  BookmarkPlus,
  Copy,
  FileText,
  People,
  PencilSquare,
  Printer,
  ThreeDotsVertical,
  Trash,
} from 'react-bootstrap-icons';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { TProgramCardActions } from './program-card-actions';

// The fixed bottom bar covers the last ~80 px of a phone screen: the menu opens upwards rather than under it.
const ABOVE_BOTTOM_BAR = {
  modifiers: [
    { name: 'flip', options: { padding: { bottom: 96 } } },
    { name: 'preventOverflow', options: { padding: { bottom: 96 } } },
  ],
};

/**
 * The card's kebab menu (the card itself opens the program): Replicate, View Summary, Edit, then Save as template and Copy to another client (when
 * the page offers them), Print, and Delete.
 */
export function ProgramActionsMenu({
  program,
  clientId,
  onSummary,
  onDelete,
  onSaveAsTemplate,
  onCopyToClient,
}: { program: TProgram } & TProgramCardActions) {
  const { t } = useLingui();
  const name = program.name;
  return (
    <Dropdown align="end" className="flex-shrink-0 program-menu-dropdown">
      <Dropdown.Toggle
        variant="outline-secondary"
        className="program-menu-toggle"
        aria-label={t`Program actions for ${name}`}
      >
        <ThreeDotsVertical aria-hidden="true" size={20} />
      </Dropdown.Toggle>
      <Dropdown.Menu className="program-menu shadow-sm" popperConfig={ABOVE_BOTTOM_BAR}>
        <Dropdown.Item as={Link} to={`/program/duplicate/${clientId}/${program.id}`}>
          <Copy aria-hidden="true" />
          <Trans>Replicate</Trans>
        </Dropdown.Item>
        <Dropdown.Item as="button" type="button" onClick={() => onSummary(program)}>
          <FileText aria-hidden="true" />
          <Trans>View Summary</Trans>
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={`/program/edit/${clientId}/${program.id}`}>
          <PencilSquare aria-hidden="true" />
          <Trans>Edit</Trans>
        </Dropdown.Item>
        {onSaveAsTemplate ? (
          <Dropdown.Item as="button" type="button" onClick={() => onSaveAsTemplate(program)}>
            <BookmarkPlus aria-hidden="true" />
            <Trans>Save as template</Trans>
          </Dropdown.Item>
        ) : null}
        {onCopyToClient ? (
          <Dropdown.Item as="button" type="button" onClick={() => onCopyToClient(program)}>
            <People aria-hidden="true" />
            <Trans>Copy to another client</Trans>
          </Dropdown.Item>
        ) : null}
        <Dropdown.Item as={Link} to={`/program/${program.id}/print`}>
          <Printer aria-hidden="true" />
          <Trans>Print</Trans>
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" type="button" className="text-danger" onClick={() => onDelete(program)}>
          <Trash aria-hidden="true" />
          <Trans>Delete</Trans>
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
