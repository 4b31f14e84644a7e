import { useEffect, useRef } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TUserListItem } from '@hep/shared/schemas/staff';
import { clinicText, fullName, roleText } from '../utils/users';

interface UsersTableProps {
  users: TUserListItem[];
  selected: ReadonlySet<number>;
  /** Users that cannot be selected: already deactivated, or the signed-in staff member. */
  isSelectable: (user: TUserListItem) => boolean;
  onToggle: (userId: number, checked: boolean) => void;
  /** Selects (or clears) every selectable row shown. */
  onToggleAll: (checked: boolean) => void;
  currentUserId: number | null;
  /** Opens the erasure of a deactivated client (docs/product/retention.md#erasure). */
  onErase: (user: TUserListItem) => void;
}

/** The users table of Manage Users: a checkbox per row, Name, Email, Role, Clinic and the user's id. */
export function UsersTable({
  users,
  selected,
  isSelectable,
  onToggle,
  onToggleAll,
  currentUserId,
  onErase,
}: UsersTableProps) {
  const { t } = useLingui();
  const selectable = users.filter(isSelectable);
  const selectedShown = selectable.filter((user) => selected.has(user.id)).length;
  const allSelected = selectable.length > 0 && selectedShown === selectable.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedShown > 0 && !allSelected;
  }, [selectedShown, allSelected]);

  return (
    <table className="table staff-table has-select mb-0">
      <caption className="visually-hidden">
        <Trans>Users</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col" className="select-col">
            <label className="check-target">
              <input
                ref={selectAll}
                type="checkbox"
                className="form-check-input"
                checked={allSelected}
                disabled={selectable.length === 0}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
              <span className="select-all-text fw-semibold">
                <Trans>Select all users shown</Trans>
              </span>
            </label>
          </th>
          <th scope="col">
            <Trans>Name</Trans>
          </th>
          <th scope="col">
            <Trans>Email</Trans>
          </th>
          <th scope="col">
            <Trans>Role</Trans>
          </th>
          <th scope="col">
            <Trans>Clinic</Trans>
          </th>
          <th scope="col" className="num-col">
            <Trans>User ID</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const name = fullName(user);
          const own = user.id === currentUserId;
          return (
            <tr key={user.id}>
              <td className="select-col">
                <label className="check-target">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    checked={selected.has(user.id)}
                    disabled={!isSelectable(user)}
                    onChange={(event) => onToggle(user.id, event.target.checked)}
                  />
                  <span className="visually-hidden">
                    {own ? t`${name} (you cannot deactivate your own account)` : t`Select ${name}`}
                  </span>
                </label>
              </td>
              <th scope="row" className="fw-semibold">
                {name}
                {user.is_active ? null : (
                  <Badge bg="secondary" className="ms-2">
                    <Trans>Deactivated</Trans>
                  </Badge>
                )}
                {own ? (
                  <span className="text-body-secondary fw-normal ms-2">
                    <Trans>(you)</Trans>
                  </span>
                ) : null}
                {!user.is_active && user.is_client ? (
                  <Button size="sm" variant="outline-danger" className="ms-2" onClick={() => onErase(user)}>
                    <Trans>
                      Erase<span className="visually-hidden"> {name}</span>
                    </Trans>
                  </Button>
                ) : null}
              </th>
              <td data-label={t`Email`} className="text-break">
                {user.email}
              </td>
              <td data-label={t`Role`}>{roleText(user)}</td>
              <td data-label={t`Clinic`}>{clinicText(user)}</td>
              <td data-label={t`User ID`} className="num-col">
                {user.id}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
