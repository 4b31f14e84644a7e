import { Trans, useLingui } from '@lingui/react/macro';
import type { TClinic } from '@hep/shared/schemas/staff';

/** Clinic ID and Clinic Name (the ids a therapist CSV import refers to), and each clinic's Settings. */
export function ClinicsTable({
  clinics,
  onSettings,
}: {
  clinics: TClinic[];
  onSettings: (clinic: TClinic) => void;
}) {
  const { t } = useLingui();
  if (clinics.length === 0)
    return (
      <p className="mb-0">
        <Trans>No clinics yet.</Trans>
      </p>
    );
  return (
    <table className="table staff-table mb-0">
      <caption className="visually-hidden">
        <Trans>Clinics</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col" className="num-col id-col">
            <Trans>Clinic ID</Trans>
          </th>
          <th scope="col">
            <Trans>Clinic Name</Trans>
          </th>
          <th scope="col">
            <span className="visually-hidden">
              <Trans>Settings</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {clinics.map((clinic) => (
          <tr key={clinic.id}>
            <td data-label={t`Clinic ID`} className="num-col">
              {clinic.id}
            </td>
            <td data-label={t`Clinic Name`} className="text-break">
              {clinic.name}
            </td>
            <td>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                aria-label={t`Settings of ${clinic.name}`}
                onClick={() => onSettings(clinic)}
              >
                <Trans>Settings</Trans>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
