import { useEffect } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from 'react-router';
import { noteFirstRender } from '../lib/first-paint';
import { router } from './router';

export function AppProviders() {
  // The first render is committed: pages whose code waited for the first paint can load it once that is drawn.
  useEffect(noteFirstRender, []);
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
