import { describe, expect, it } from 'vitest';
import { canAccess, homePathFor, isCareTeamRole, roleOf } from './roles';

const staff = { is_staff: true, is_therapist: false };
const therapist = { is_staff: false, is_therapist: true };
const client = { is_staff: false, is_therapist: false };
const carer = { is_staff: false, is_therapist: false, is_carer: true };

describe('roles', () => {
  it('derives the role from the stored flags, staff first', () => {
    expect(roleOf(staff)).toBe('staff');
    expect(roleOf({ is_staff: true, is_therapist: true })).toBe('staff');
    expect(roleOf(therapist)).toBe('therapist');
    expect(roleOf(client)).toBe('client');
    expect(roleOf(carer)).toBe('carer');
    expect(isCareTeamRole(carer)).toBe(false);
    expect(isCareTeamRole(therapist)).toBe(true);
  });

  it('applies the documented route access levels', () => {
    expect(canAccess('public', null)).toBe(true);
    expect(canAccess('authenticated', null)).toBe(false);
    expect(canAccess('therapist', therapist)).toBe(true);
    expect(canAccess('therapist', staff)).toBe(true);
    expect(canAccess('therapist', client)).toBe(false);
    expect(canAccess('client', client)).toBe(true);
    expect(canAccess('client', staff)).toBe(true);
    expect(canAccess('client', therapist)).toBe(false);
    expect(canAccess('staff', staff)).toBe(true);
    expect(canAccess('staff', therapist)).toBe(false);
    expect(canAccess('carer', carer)).toBe(true);
    expect(canAccess('carer', client)).toBe(false);
    expect(canAccess('carer', therapist)).toBe(false);
  });

  it('sends therapists to /clients, carers to /helping and everyone else to /programs', () => {
    expect(homePathFor(therapist)).toBe('/clients');
    expect(homePathFor(carer)).toBe('/helping');
    expect(homePathFor(client)).toBe('/programs');
    expect(homePathFor(staff)).toBe('/programs');
  });
});
