import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ZUpdateUser } from '@hep/shared/schemas/users';
import { profileResolver, type TProfileForm } from './profile-language';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const profile: TProfileForm = {
  email: 'tara@example.test',
  current_password: '',
  first_name: 'Tara',
  last_name: 'Nguyen',
  mobile: '',
  date_of_birth: '',
  language: 'vi',
};

describe('the profile form with its language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('sends the chosen language with the profile', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const result = await profileResolver(ZUpdateUser)(profile, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ first_name: 'Tara', date_of_birth: null, language: 'vi' });
  });

  it("shows the shared schema's messages in the page's language", async () => {
    i18n.loadAndActivate({
      locale: 'es',
      messages: { 'This field is required.': 'Este campo es obligatorio.' },
    });
    const result = await profileResolver(ZUpdateUser)({ ...profile, first_name: '' }, undefined, options);
    expect(result.errors.first_name?.message).toBe('Este campo es obligatorio.');
  });
});
