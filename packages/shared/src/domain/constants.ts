/** Conditions a client may have; each its own catalog text, shown in the reader's language (stored in English). */
export const CONDITIONS = [
  /*i18n*/ 'Traumatic Brain Injury',
  /*i18n*/ 'Functional Neurological Disease',
  /*i18n*/ 'Motor Neurone Disease',
  /*i18n*/ 'Multiple Sclerosis',
  /*i18n*/ "Parkinson's Disease",
  /*i18n*/ 'Stroke',
  /*i18n*/ "Huntington's Disease",
  /*i18n*/ "Alzheimer's Disease/Dementias",
  /*i18n*/ 'Brain Tumour',
  /*i18n*/ 'Cerebral Palsy',
  /*i18n*/ 'Dystonia',
  /*i18n*/ 'Spinal Cord Injury',
  /*i18n*/ 'Hereditary Spastic Paraplegia',
  /*i18n*/ 'Vestibular',
  /*i18n*/ 'Other',
] as const;
export type TCondition = (typeof CONDITIONS)[number];

/** Discipline options when adding a therapist (docs/product/staff.md#add-therapists). */
export const DISCIPLINES = [
  /*i18n*/ 'Physiotherapist',
  /*i18n*/ 'Occupational Therapist',
  /*i18n*/ 'Speech Pathologist',
  /*i18n*/ 'Exercise Physiologist',
  /*i18n*/ 'Other',
] as const;
export type TDiscipline = (typeof DISCIPLINES)[number];

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];
