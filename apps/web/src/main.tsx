import './styles/theme.css';
import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { activateLanguage, startLanguage } from './lib/i18n/active-language';
import { reportUncaughtErrors } from './lib/logger';
import { registerServiceWorker } from './lib/service-worker';
import { bootstrapSession } from './lib/session-bootstrap';
import { getSession, syncSessionAcrossTabs } from './lib/session';

reportUncaughtErrors();
syncSessionAcrossTabs();
if (import.meta.env.PROD) registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The first paint waits for the first part of the language's catalog and its stylesheet (both small, and kept by the
// service worker), and so does the session's start: its messages (a network failure's, say) are written in that
// language. Pages other than the first wait for the rest of the catalog (app/routes.tsx).
void activateLanguage(startLanguage(getSession().user?.language ?? null), { firstPaint: true }).finally(
  () => {
    void bootstrapSession();
    createRoot(container).render(
      <StrictMode>
        <AppProviders />
      </StrictMode>,
    );
  },
);
