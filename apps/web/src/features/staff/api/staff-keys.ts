/** Query keys of the staff pages, in one place so that a change can refresh what it affects. */
export const staffKeys = {
  users: ['staff', 'users'] as const,
  clinics: ['staff', 'clinics'] as const,
  metrics: ['staff', 'metrics'] as const,
  testServerStatus: ['staff', 'test-server-status'] as const,
};
