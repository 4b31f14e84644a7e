import { Trans, useLingui } from '@lingui/react/macro';
import type { TMetrics } from '@hep/shared/schemas/staff';
import { formatAverageEffort, sortByPrograms } from '../utils/metrics';

function StatCards({ stats }: { stats: [label: string, value: string | number][] }) {
  return (
    <dl className="stat-grid mb-0">
      {stats.map(([label, value]) => (
        <div key={label} className="card card-body stat-card">
          <dt className="fw-semibold">{label}</dt>
          <dd className="stat-value mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function UserStatistics({ users }: { users: TMetrics['users'] }) {
  const { t } = useLingui();
  return (
    <StatCards
      stats={[
        [t`Total Users`, users.total],
        [t`Active Users`, users.active],
        [t`Therapists`, users.therapists],
        [t`Clients`, users.clients],
      ]}
    />
  );
}

/** "3 active of 5". */
function ActiveOfTotal({ active, total }: { active: number; total: number }) {
  return (
    <Trans>
      {active} active of {total}
    </Trans>
  );
}

export function ClinicStatistics({ clinics }: { clinics: TMetrics['clinics'] }) {
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
        <Trans>Clinic Statistics</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Clinic</Trans>
          </th>
          <th scope="col">
            <Trans>Therapists</Trans>
          </th>
          <th scope="col">
            <Trans>Clients</Trans>
          </th>
          <th scope="col">
            <Trans>All users</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {clinics.map((clinic, index) => (
          <tr key={`${clinic.name}-${index}`}>
            <th scope="row" className="text-break">
              {clinic.name}
            </th>
            <td data-label={t`Therapists`}>
              <ActiveOfTotal active={clinic.active_therapists} total={clinic.total_therapists} />
            </td>
            <td data-label={t`Clients`}>
              <ActiveOfTotal active={clinic.active_clients} total={clinic.total_clients} />
            </td>
            <td data-label={t`All users`}>
              <ActiveOfTotal active={clinic.active_users} total={clinic.total_users} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProgramsByTherapist({ rows }: { rows: TMetrics['programs']['by_therapist'] }) {
  const { t } = useLingui();
  if (rows.length === 0)
    return (
      <p className="mb-0">
        <Trans>No programs yet.</Trans>
      </p>
    );
  const sorted = sortByPrograms(rows);
  return (
    <table className="table staff-table mb-0">
      <caption className="visually-hidden">
        <Trans>Programs by Therapist, most programs first</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Therapist</Trans>
          </th>
          <th scope="col" className="num-col">
            <Trans>Programs</Trans>
          </th>
          <th scope="col" className="num-col">
            <Trans>Clients</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={row.user__email}>
            <th scope="row" className="text-break fw-semibold">
              {row.user__email}
            </th>
            <td data-label={t`Programs`} className="num-col">
              {row.program_count}
            </td>
            <td data-label={t`Clients`} className="num-col">
              {row.client_count}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ExerciseFeedbackMetrics({ feedback }: { feedback: TMetrics['exercise_feedback'] }) {
  const { t } = useLingui();
  return (
    <StatCards
      stats={[
        [t`Total Feedback`, feedback.total],
        [t`Average Effort`, formatAverageEffort(feedback.average_effort)],
      ]}
    />
  );
}
