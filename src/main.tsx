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
