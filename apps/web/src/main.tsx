import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { reportUncaughtErrors } from './lib/logger';
import { registerServiceWorker } from './lib/service-worker';
import { bootstrapSession } from './lib/session-bootstrap';
import { syncSessionAcrossTabs } from './lib/session';

reportUncaughtErrors();
syncSessionAcrossTabs();
void bootstrapSession();
if (import.meta.env.PROD) registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
