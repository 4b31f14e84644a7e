import { zodResolver } from '@hookform/resolvers/zod';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ZLogin, type TLogin } from '@hep/shared/schemas/auth';
import { lazyResolver } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyResolver', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it("shows the shared schema's messages in the page's language", async () => {
    // A shared check's English text is its catalog id.
    i18n.loadAndActivate({
      locale: 'es',
      messages: { 'This field is required.': 'Este campo es obligatorio.' },
    });
    const resolver = lazyResolver<TLogin>(() => Promise.resolve(zodResolver(ZLogin)));
    const result = await resolver({ email: 'tara@example.test', password: '' }, undefined, options);
    expect(result.errors.password?.message).toBe('Este campo es obligatorio.');
  });

  it('keeps the English text where the catalog has none', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const resolver = lazyResolver<TLogin>(() => Promise.resolve(zodResolver(ZLogin)));
    const result = await resolver({ email: 'tara@example.test', password: '' }, undefined, options);
    expect(result.errors.password?.message).toBe('This field is required.');
  });
});
