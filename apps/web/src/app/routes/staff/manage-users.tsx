import '../../../features/staff/components/staff.css';
import { useCallback, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Building, PersonPlus } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TClinic, TUserListItem } from '@hep/shared/schemas/staff';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { useSession } from '../../../lib/session';
import { useClinics } from '../../../features/staff/api/get-clinics';
import { useUsers } from '../../../features/staff/api/get-users';
import { AddClinicModal } from '../../../features/staff/components/add-clinic-modal';
import { AddTherapistModal } from '../../../features/staff/components/add-therapist-modal';
import { ClinicsTable } from '../../../features/staff/components/clinics-table';
import { ClinicSettingsModal } from '../../../features/staff/components/clinic-settings-modal';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';
import { UsersSection } from '../../../features/staff/components/users-section';

type TDialog = 'therapist' | 'clinic' | null;

/** /manage (staff): users (search, select, deactivate), clinics, and the Add Therapist / Add Clinic dialogs. */
export function ManageUsersPage() {
  const users = useUsers();
  const clinics = useClinics();
  const currentUserId = useSession().user?.id ?? null;
  const [dialog, setDialog] = useState<TDialog>(null);
  const [notice, setNotice] = useState<TFormResult | null>(null);
  const [clinicShown, setClinicShown] = useState<TClinic | null>(null);
  const { t } = useLingui();
  const closeDialog = useCallback(() => setDialog(null), []);

  const isSelectable = useCallback(
    (user: TUserListItem) => user.is_active && user.id !== currentUserId,
    [currentUserId],
  );
  const userList = useMemo(() => users.data ?? [], [users.data]);

  return (
    <section>
      <PageTitle title={t`Manage Users`} />
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Button
          variant="primary"
          onClick={() => {
            setNotice(null);
            setDialog('therapist');
          }}
        >
          <PersonPlus aria-hidden="true" />
          <Trans>Add Therapists</Trans>
        </Button>
        <Button
          variant="outline-primary"
          onClick={() => {
            setNotice(null);
            setDialog('clinic');
          }}
        >
          <Building aria-hidden="true" />
          <Trans>Add Clinic</Trans>
        </Button>
      </div>
      {notice ? (
        <div className="mb-4">
          <FormResult result={notice} />
        </div>
      ) : null}

      <h2 className="h4">
        <Trans>Users</Trans>
      </h2>
      {users.isPending ? <LoadingText /> : null}
      {users.isError ? (
        <Alert variant="danger" role="alert">
          <Trans>Failed to fetch users. Please try again later.</Trans>
        </Alert>
      ) : null}
      {users.data ? (
        <UsersSection users={userList} isSelectable={isSelectable} currentUserId={currentUserId} />
      ) : null}

      <h2 className="h4 mt-5">
        <Trans>Clinics</Trans>
      </h2>
      {clinics.isPending ? <LoadingText /> : null}
      {clinics.isError ? (
        <Alert variant="danger" role="alert">
          <Trans>Failed to fetch clinics. Please try again later.</Trans>
        </Alert>
      ) : null}
      {clinics.data ? <ClinicsTable clinics={clinics.data} onSettings={setClinicShown} /> : null}
      {clinicShown ? <ClinicSettingsModal clinic={clinicShown} onClose={() => setClinicShown(null)} /> : null}

      <AddTherapistModal show={dialog === 'therapist'} clinics={clinics.data ?? []} onClose={closeDialog} />
      <AddClinicModal
        show={dialog === 'clinic'}
        onClose={closeDialog}
        onAdded={({ name, id }) => {
          setDialog(null);
          setNotice({ kind: 'success', text: t`Clinic "${name}" added (Clinic ID ${id}).` });
        }}
      />
    </section>
  );
}
