export type TRole = 'staff' | 'therapist' | 'client';

export interface RoleFlags {
  is_staff: boolean;
  is_therapist: boolean;
}

export function roleOf(flags: RoleFlags): TRole {
  if (flags.is_staff) return 'staff';
  if (flags.is_therapist) return 'therapist';
  return 'client';
}

/** Route access levels (docs/product/security-and-privacy.md#route-access). */
export type TAccessLevel = 'public' | 'authenticated' | 'therapist' | 'client' | 'staff';

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
    case 'staff':
      return flags.is_staff;
  }
}

/**
 * Where a denied route sends the user, also the home after login (docs/product/security-and-privacy.md#route-access).
 */
export function homePathFor(flags: RoleFlags): '/clients' | '/programs' {
  return flags.is_therapist ? '/clients' : '/programs';
}
