export const CONDITIONS = [
  'Traumatic Brain Injury',
  'Functional Neurological Disease',
  'Motor Neurone Disease',
  'Multiple Sclerosis',
  "Parkinson's Disease",
  'Stroke',
  "Huntington's Disease",
  "Alzheimer's Disease/Dementias",
  'Brain Tumour',
  'Cerebral Palsy',
  'Dystonia',
  'Spinal Cord Injury',
  'Hereditary Spastic Paraplegia',
  'Vestibular',
  'Other',
] as const;
export type TCondition = (typeof CONDITIONS)[number];

/** Discipline options when adding a therapist (docs/product/staff.md#add-therapists). */
export const DISCIPLINES = [
  'Physiotherapist',
  'Occupational Therapist',
  'Speech Pathologist',
  'Exercise Physiologist',
  'Other',
] as const;
export type TDiscipline = (typeof DISCIPLINES)[number];

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];
