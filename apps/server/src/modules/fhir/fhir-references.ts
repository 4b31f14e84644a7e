import type {
  BundleEntry,
  ExtractResource,
  HumanName,
  Patient,
  Practitioner,
  Reference,
  RelatedPerson,
  Resource,
  ResourceType,
} from '@medplum/fhirtypes';

/*
 * How the resources of one client's record name each other (docs/product/records.md#fhir-export): every resource has
 * our own id (the row's, or a readable one for the resources no row stands for one to one), its entry's fullUrl sits
 * under the app's own address, and references are relative (`Patient/12`), so they resolve inside the bundle.
 */

/** The FHIR base of this deployment: fullUrls, canonical URLs and our own code systems live under it. */
export const fhirBaseOf = (publicUrl: string) => `${publicUrl}/fhir`;

export const referenceTo = <K extends ResourceType>(
  resourceType: K,
  id: string | number,
  display?: string,
): Reference<ExtractResource<K>> => ({
  reference: `${resourceType}/${id}`,
  ...(display ? { display } : {}),
});

export const bundleEntry = (base: string, resource: Resource & { id?: string }): BundleEntry => ({
  fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
  resource,
});

/** A FHIR id allows letters, digits, '-' and '.': an instrument code's '_' becomes '-'. */
export const fhirId = (value: string) => value.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64);

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/** A person's name; FHIR allows no empty strings, so a missing part is left out. */
export function humanName(firstName: string | null, lastName: string | null): HumanName {
  const given = text(firstName);
  const family = text(lastName);
  return {
    ...(family ? { family } : {}),
    ...(given ? { given: [given] } : {}),
    text: [given, family].filter(Boolean).join(' ') || '-',
  };
}

export const fullName = (firstName: string | null, lastName: string | null) =>
  [text(firstName), text(lastName)].filter(Boolean).join(' ');

/** Who a record says entered it, as the bundle knows them. */
export interface People {
  clientId: number;
  practitionerIds: ReadonlySet<number>;
  /** A carer's id to their live link's id (the RelatedPerson's id). */
  relatedPersonIds: ReadonlyMap<number, number>;
}

/**
 * The author of a record: the client when nobody else is named, else the therapist (Practitioner) or carer
 * (RelatedPerson) the bundle holds, else only their name (someone who no longer sees the client).
 */
export function enteredByReference(
  people: People,
  row: { enteredById: number | null; enteredByFirstName: string | null; enteredByLastName: string | null },
): Reference<Patient | Practitioner | RelatedPerson> {
  const id = row.enteredById;
  if (id === null || id === people.clientId) return referenceTo('Patient', people.clientId);
  if (people.practitionerIds.has(id)) return referenceTo('Practitioner', id);
  const linkId = people.relatedPersonIds.get(id);
  if (linkId !== undefined) return referenceTo('RelatedPerson', linkId);
  return { display: fullName(row.enteredByFirstName, row.enteredByLastName) || String(id) };
}
