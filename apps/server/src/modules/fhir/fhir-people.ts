import type { ContactPoint, Organization, Patient, Practitioner, RelatedPerson } from '@medplum/fhirtypes';
import { humanName, referenceTo } from './fhir-references';
import type { CareTeamRow, CarerLinkRow, ClinicRow } from './fhir.repository';

/*
 * The people of a client's FHIR record (docs/product/records.md#fhir-export): the client (Patient), the care team
 * (Practitioner), the clinic (Organization) and each carer with a live link (RelatedPerson).
 */

export interface ClientFacts {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  dateOfBirth: string | null;
  isActive: boolean;
  language: string;
  clinicId: number | null;
}

const telecom = (email: string, mobile?: string): ContactPoint[] => [
  ...(email.trim() ? [{ system: 'email' as const, value: email.trim() }] : []),
  ...(mobile?.trim() ? [{ system: 'phone' as const, value: mobile.trim(), use: 'mobile' as const }] : []),
];

export function patientOf(client: ClientFacts, careTeam: CareTeamRow[], base: string): Patient {
  const contact = telecom(client.email, client.mobile);
  return {
    resourceType: 'Patient',
    id: String(client.id),
    identifier: [{ system: `${base}/user-id`, value: String(client.id) }],
    active: client.isActive,
    name: [humanName(client.firstName, client.lastName)],
    ...(contact.length ? { telecom: contact } : {}),
    ...(client.dateOfBirth ? { birthDate: client.dateOfBirth } : {}),
    communication: [
      { language: { coding: [{ system: 'urn:ietf:bcp:47', code: client.language }] }, preferred: true },
    ],
    ...(careTeam.length
      ? { generalPractitioner: careTeam.map((therapist) => referenceTo('Practitioner', therapist.id)) }
      : {}),
    ...(client.clinicId !== null
      ? { managingOrganization: referenceTo('Organization', client.clinicId) }
      : {}),
  };
}

/** A therapist of the care team; the discipline as their qualification, in words. */
export const practitionerOf = (therapist: CareTeamRow): Practitioner => ({
  resourceType: 'Practitioner',
  id: String(therapist.id),
  active: therapist.isActive,
  name: [humanName(therapist.firstName, therapist.lastName)],
  ...(therapist.discipline.trim()
    ? { qualification: [{ code: { text: therapist.discipline.trim() } }] }
    : {}),
});

export const organizationOf = (clinic: ClinicRow): Organization => ({
  resourceType: 'Organization',
  id: String(clinic.id),
  active: true,
  name: clinic.name,
});

/** A live carer link: the RelatedPerson's id is the link's, since one carer is a link of its own per client. */
export function relatedPersonOf(link: CarerLinkRow, clientId: number): RelatedPerson {
  const contact = telecom(link.email);
  return {
    resourceType: 'RelatedPerson',
    id: String(link.id),
    active: true,
    patient: referenceTo('Patient', clientId),
    ...(link.relationship.trim() ? { relationship: [{ text: link.relationship.trim() }] } : {}),
    name: [humanName(link.firstName, link.lastName)],
    ...(contact.length ? { telecom: contact } : {}),
    period: {
      start: link.createdAt.toISOString(),
      ...(link.expiresOn ? { end: link.expiresOn } : {}),
    },
  };
}
