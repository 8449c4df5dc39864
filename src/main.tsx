/** Mounts the app after start-up wiring (runtime config, session). */
// First, before the libraries below are evaluated: start loading the page in view (see preloadPage.ts).
import './app/preloadCurrentPage';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootstrap } from './app/bootstrap';
import { startPreloadedPrefetch } from './app/preloadPage';
import { queryClient } from './app/queryClient';
import './app/styles.css';
// The lists' own small stylesheets, in the app's one first stylesheet: imported by their components, each was a file of
// under 1 kB that a cold list asked for over one of HTTP/1.1's six connections
// (docs/decisions/128-first-load-chunk-groups.md).
import './components/goToRow.css';
import './components/listStatusRows.css';
import './features/work-requests/components/assigneeField.css';
import './features/work-requests/components/placeFilterSlot.css';
import './features/work-requests/components/selection.css';

void bootstrap().then(() => {
  startPreloadedPrefetch(queryClient);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
