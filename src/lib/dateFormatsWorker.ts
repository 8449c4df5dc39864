/**
 * A worker's whole work (lib/warmDateFormats.ts): make the app's first date formats, which loads the browser's locale
 * and time-zone data into the renderer process, then say so.
 */
import { prepareDateFormats } from './dates';

prepareDateFormats();
postMessage('ready');
