/**
 * The first page's API requests, started before the app has loaded: index.html runs this small script before the
 * entry (scripts/vite/earlyEntry.ts), so with a stored session the page's GETs (earlyRequestFor.ts) leave while the
 * libraries are still downloading; the API client takes the answer over (src/api/earlyRequests.ts). The API base is
 * the one the server writes into the page; without it nothing starts. The root (`/`) is first the user's landing page
 * (landOnHome.ts). Then a worker loads the browser's locale data (lib/warmDateFormats.ts) while the main thread waits for
 * the app's code, instead of the main thread when the first dates are shown.
 */
import { injectedConfig } from '../api/injectedConfig';
import { startEarlyGet } from '../api/earlyRequests';
import { warmDateFormats } from '../lib/warmDateFormats';
import { readStoredSession } from '../lib/session/sessionStore';
import { earlyRequestsFor } from './earlyRequestFor';
import { landOnHome } from './landOnHome';

landOnHome();
const config = injectedConfig();
const apiBase = config && typeof config === 'object' && 'apiBase' in config ? config.apiBase : undefined;
for (const early of earlyRequestsFor(new URL(location.href), apiBase, readStoredSession()?.authorization))
  startEarlyGet(early.url, early.headers, undefined, early.next);
warmDateFormats();
