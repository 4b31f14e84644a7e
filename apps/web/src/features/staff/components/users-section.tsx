import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PersonX, Search } from 'react-bootstrap-icons';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TUserListItem } from '@hep/shared/schemas/staff';
import { useDeactivateUsers } from '../api/deactivate-users';
import { useEraseClient } from '../api/erase-client';
import { filterUsers, fullName } from '../utils/users';
import { DeactivateUsersModal } from './deactivate-users-modal';
import { EraseClientModal } from './erase-client-modal';
import { FormResult } from '../../../components/ui/form-result';
import { UsersTable } from './users-table';

interface UsersSectionProps {
  users: TUserListItem[];
  isSelectable: (user: TUserListItem) => boolean;
  currentUserId: number | null;
}

/** Search, the users table with its selection, and Deactivate Selected with its confirmation. */
export function UsersSection({ users, isSelectable, currentUserId }: UsersSectionProps) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const deactivate = useDeactivateUsers();
  const erase = useEraseClient();
  const [erasing, setErasing] = useState<TUserListItem | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  const { t } = useLingui();

  const shown = useMemo(() => filterUsers(users, query), [users, query]);
  // A selected user who was deactivated meanwhile (or left the list) is no longer selected.
  const selectedUsers = useMemo(
    () => users.filter((user) => selected.has(user.id) && isSelectable(user)),
    [users, selected, isSelectable],
  );

  const selectedCount = selectedUsers.length;
  const shownCount = shown.length;
  const userCount = users.length;

  const toggle = (userId: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(userId);
    else next.delete(userId);
    setSelected(next);
  };
  const toggleAll = (checked: boolean) => {
    const next = new Set(selected);
    for (const user of shown.filter(isSelectable)) {
      if (checked) next.add(user.id);
      else next.delete(user.id);
    }
    setSelected(next);
  };

  const confirm = () => {
    deactivate.mutate(
      selectedUsers.map((user) => user.id),
      {
        onSuccess: () => {
          setSelected(new Set());
          setConfirming(false);
        },
      },
    );
  };

  return (
    <>
      <div className="d-flex flex-column flex-md-row gap-2 align-items-md-center mb-3">
        <div className="input-group user-search">
          <label htmlFor="user-search" className="input-group-text">
            <Search aria-hidden="true" />
            <span className="visually-hidden">
              <Trans>Search users</Trans>
            </span>
          </label>
          <input
            id="user-search"
            type="search"
            className="form-control"
            placeholder={t`Search users...`}
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <Button
          variant="outline-danger"
          className="ms-md-auto"
          disabled={selectedUsers.length === 0}
          onClick={() => {
            deactivate.reset();
            setErased(null);
            setConfirming(true);
          }}
        >
          <PersonX aria-hidden="true" />
          <Trans>Deactivate Selected ({selectedCount})</Trans>
        </Button>
      </div>
      <p className="text-body-secondary mb-2" role="status">
        {query.trim() ? (
          <Trans>
            {shownCount} of {userCount} users match.
          </Trans>
        ) : (
          <Plural value={userCount} one="# user." other="# users." />
        )}
      </p>
      {deactivate.isSuccess ? (
        <div className="mb-3">
          <FormResult result={{ kind: 'success', text: t`Users deactivated successfully.` }} />
        </div>
      ) : null}
      {erased ? (
        <div className="mb-3">
          <FormResult result={{ kind: 'success', text: t`${erased}'s records were erased.` }} />
        </div>
      ) : null}
      {shown.length > 0 ? (
        <UsersTable
          users={shown}
          selected={selected}
          isSelectable={isSelectable}
          onToggle={toggle}
          onToggleAll={toggleAll}
          currentUserId={currentUserId}
          onErase={(user) => {
            erase.reset();
            deactivate.reset();
            setErased(null);
            setErasing(user);
          }}
        />
      ) : (
        <p>
          <Trans>No users match your search.</Trans>
        </p>
      )}
      <DeactivateUsersModal
        show={confirming}
        users={selectedUsers}
        pending={deactivate.isPending}
        failed={deactivate.isError}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
      {erasing ? (
        <EraseClientModal
          user={erasing}
          pending={erase.isPending}
          error={erase.error}
          onCancel={() => setErasing(null)}
          onConfirm={() =>
            erase.mutate(erasing.id, {
              onSuccess: () => {
                setErased(fullName(erasing));
                setErasing(null);
              },
            })
          }
        />
      ) : null}
    </>
  );
}
