export type TRole = 'staff' | 'therapist' | 'carer' | 'client';

export interface RoleFlags {
  is_staff: boolean;
  is_therapist: boolean;
  /** A carer helps clients through links and is never a client (docs/product/carers.md); absent means not. */
  is_carer?: boolean;
}

export function roleOf(flags: RoleFlags): TRole {
  if (flags.is_staff) return 'staff';
  if (flags.is_therapist) return 'therapist';
  if (flags.is_carer) return 'carer';
  return 'client';
}

/** Staff or a therapist: the views of the care team (a carer sees a client's programs as the client does). */
export const isCareTeamRole = (flags: RoleFlags) => flags.is_staff || flags.is_therapist;

/** Route access levels (docs/product/security-and-privacy.md#route-access). */
export type TAccessLevel = 'public' | 'authenticated' | 'therapist' | 'client' | 'carer' | 'staff';

export function canAccess(level: TAccessLevel, flags: RoleFlags | null): boolean {
  if (level === 'public') return true;
  if (!flags) return false;
  switch (level) {
    case 'authenticated':
      return true;
    case 'therapist':
      return flags.is_therapist || flags.is_staff;
    case 'client':
      return !flags.is_therapist || flags.is_staff;
    case 'carer':
      return flags.is_carer === true;
    case 'staff':
      return flags.is_staff;
  }
}

/**
 * Where a denied route sends the user, also the home after login (docs/product/security-and-privacy.md#route-access).
 */
export function homePathFor(flags: RoleFlags): '/clients' | '/programs' | '/helping' {
  if (flags.is_therapist) return '/clients';
  return flags.is_carer ? '/helping' : '/programs';
}
