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
  return (
    <StatCards
      stats={[
        ['Total Users', users.total],
        ['Active Users', users.active],
        ['Therapists', users.therapists],
        ['Clients', users.clients],
      ]}
    />
  );
}

function activeOfTotal(active: number, total: number): string {
  return `${active} active of ${total}`;
}

export function ClinicStatistics({ clinics }: { clinics: TMetrics['clinics'] }) {
  if (clinics.length === 0) return <p className="mb-0">No clinics yet.</p>;
  return (
    <table className="table staff-table mb-0">
      <caption className="visually-hidden">Clinic Statistics</caption>
      <thead>
        <tr>
          <th scope="col">Clinic</th>
          <th scope="col">Therapists</th>
          <th scope="col">Clients</th>
          <th scope="col">All users</th>
        </tr>
      </thead>
      <tbody>
        {clinics.map((clinic, index) => (
          <tr key={`${clinic.name}-${index}`}>
            <th scope="row" className="text-break">
              {clinic.name}
            </th>
            <td data-label="Therapists">
              {activeOfTotal(clinic.active_therapists, clinic.total_therapists)}
            </td>
            <td data-label="Clients">{activeOfTotal(clinic.active_clients, clinic.total_clients)}</td>
            <td data-label="All users">{activeOfTotal(clinic.active_users, clinic.total_users)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProgramsByTherapist({ rows }: { rows: TMetrics['programs']['by_therapist'] }) {
  if (rows.length === 0) return <p className="mb-0">No programs yet.</p>;
  const sorted = sortByPrograms(rows);
  return (
    <table className="table staff-table mb-0">
      <caption className="visually-hidden">Programs by Therapist, most programs first</caption>
      <thead>
        <tr>
          <th scope="col">Therapist</th>
          <th scope="col" className="num-col">
            Programs
          </th>
          <th scope="col" className="num-col">
            Clients
          </th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={row.user__email}>
            <th scope="row" className="text-break fw-semibold">
              {row.user__email}
            </th>
            <td data-label="Programs" className="num-col">
              {row.program_count}
            </td>
            <td data-label="Clients" className="num-col">
              {row.client_count}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ExerciseFeedbackMetrics({ feedback }: { feedback: TMetrics['exercise_feedback'] }) {
  return (
    <StatCards
      stats={[
        ['Total Feedback', feedback.total],
        ['Average Effort', formatAverageEffort(feedback.average_effort)],
      ]}
    />
  );
}
