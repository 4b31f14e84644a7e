import { describe, expect, it, beforeAll } from 'vitest';
import { i18n } from '@lingui/core';
import type { TUserListItem } from '@hep/shared/schemas/staff';
import { csvTemplateText } from './csv-template';
import { clinicText, filterUsers, fullName, roleText } from './users';

// The English source, with no catalog loaded.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

function user(overrides: Partial<TUserListItem>): TUserListItem {
  return {
    id: 1,
    first_name: 'Tara',
    last_name: 'Nguyen',
    email: 'tara@clinic.test',
    is_staff: false,
    is_therapist: true,
    is_active: true,
    is_client: false,
    is_carer: false,
    discipline: 'Physiotherapist',
    clinic: 'Demo Clinic',
    ...overrides,
  };
}

const staff = user({
  id: 2,
  first_name: 'Sam',
  last_name: 'Admin',
  email: 'sam@x.test',
  is_staff: true,
  is_therapist: false,
  discipline: null,
  clinic: null,
});
const client = user({
  id: 3,
  first_name: 'Chris',
  last_name: 'Walker',
  email: 'chris@x.test',
  is_therapist: false,
  discipline: null,
});
const therapist = user({});

describe('role and clinic text', () => {
  it('says Staff before a discipline, then the discipline, then Client', () => {
    expect(roleText(user({ is_staff: true }))).toBe('Staff');
    expect(roleText(therapist)).toBe('Physiotherapist');
    expect(roleText(client)).toBe('Client');
    expect(roleText(user({ is_therapist: false, discipline: null, is_carer: true }))).toBe('Carer');
    expect(roleText(user({ discipline: '  ' }))).toBe('Client');
  });

  it('shows N/A without a clinic', () => {
    expect(clinicText(staff)).toBe('N/A');
    expect(clinicText(therapist)).toBe('Demo Clinic');
  });

  it('joins the names', () => {
    expect(fullName(therapist)).toBe('Tara Nguyen');
  });
});

describe('filterUsers', () => {
  const users = [therapist, staff, client];

  it('returns everyone for an empty or blank query', () => {
    expect(filterUsers(users, '')).toEqual(users);
    expect(filterUsers(users, '   ')).toEqual(users);
  });

  it('matches the full name across first and last name, ignoring case', () => {
    expect(filterUsers(users, 'tara NGUY')).toEqual([therapist]);
  });

  it('matches the email', () => {
    expect(filterUsers(users, '@X.TEST')).toEqual([staff, client]);
  });

  it('matches the role text shown, not the flags', () => {
    expect(filterUsers(users, 'staff')).toEqual([staff]);
    expect(filterUsers(users, 'client')).toEqual([client]);
    expect(filterUsers(users, 'physio')).toEqual([therapist]);
  });

  it('does not match the clinic name', () => {
    expect(filterUsers(users, 'Demo Clinic')).toEqual([]);
  });
});

describe('csvTemplateText', () => {
  it('is the header row of the import', () => {
    expect(csvTemplateText()).toBe('First Name,Last Name,Email,Discipline,Clinic ID\r\n');
  });
});
