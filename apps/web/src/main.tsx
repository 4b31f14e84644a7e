import './styles/theme.css';
import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { whenRouterReady } from './app/router';
import { preloadSignedInShell } from './app/shell/signed-in-shell';
import { activateLanguage, startLanguage } from './lib/i18n/active-language';
import { reportUncaughtErrors } from './lib/logger';
import { clearOfflineCaches, registerServiceWorker } from './lib/service-worker';
import { getSession, markSessionReady, onSessionEnd, syncSessionAcrossTabs } from './lib/session';

reportUncaughtErrors();
syncSessionAcrossTabs();
if (import.meta.env.PROD) registerServiceWorker();
// Whenever a session ends, the offline copies of the user's data are deleted (docs/product/session.md#offline).
onSessionEnd(() => void clearOfflineCaches());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The first paint waits for the first part of the language's catalog and its stylesheet (both small, and kept by the
// service worker), and so does the session's start: its messages (a network failure's, say) are written in that
// language. Pages other than the first wait for the rest of the catalog (app/routes.tsx). A signed-in start also
// waits for the signed-in shell (the bottom bar) and the session's start-up check, loaded alongside, so that the
// shell paints with the page; a visitor with no stored user loads neither. A signed-in start paints "Loading..."
// under the shell until the check is done, so its page's code loads after the first paint (lib/first-paint.ts); a
// visitor's first paint is the page itself (the login form), so it waits for the page's code.
const { user } = getSession();
const sessionStart = user ? import('./lib/session-bootstrap') : null;
void Promise.allSettled([
  activateLanguage(startLanguage(user?.language ?? null), { firstPaint: true }),
  user ? preloadSignedInShell({ staff: user.is_staff }) : whenRouterReady(),
  sessionStart,
]).finally(() => {
  // Its chunk is precached (vite.config.ts); were it missing, the user is let in and the server still decides.
  void sessionStart?.then(
    ({ bootstrapSession }) => bootstrapSession(),
    () => markSessionReady(null),
  );
  createRoot(container).render(
    <StrictMode>
      <AppProviders />
    </StrictMode>,
  );
});
