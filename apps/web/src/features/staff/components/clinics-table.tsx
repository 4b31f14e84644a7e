import type { TClinic } from '@hep/shared/schemas/staff';

/** Clinic ID and Clinic Name: the ids a therapist CSV import refers to. */
export function ClinicsTable({ clinics }: { clinics: TClinic[] }) {
  if (clinics.length === 0) return <p className="mb-0">No clinics yet.</p>;
  return (
    <table className="table staff-table mb-0">
      <caption className="visually-hidden">Clinics</caption>
      <thead>
        <tr>
          <th scope="col" className="num-col id-col">
            Clinic ID
          </th>
          <th scope="col">Clinic Name</th>
        </tr>
      </thead>
      <tbody>
        {clinics.map((clinic) => (
          <tr key={clinic.id}>
            <td data-label="Clinic ID" className="num-col">
              {clinic.id}
            </td>
            <td data-label="Clinic Name" className="text-break">
              {clinic.name}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
