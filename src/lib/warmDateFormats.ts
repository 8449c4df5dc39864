/**
 * The first Intl.DateTimeFormat of a page loads the browser's locale and time-zone data: ~20 ms of main thread on a
 * cold page here (docs/decisions/127-first-load-preload-and-early-requests.md). ICU keeps that data for the whole
 * renderer process, so a worker that makes the app's date formats first takes the load off the main thread: the main
 * thread's own first format then costs ~0.2 ms. When the worker is done (or cannot start), the main thread makes its
 * formats in a task of its own, so the first dates shown find them ready.
 */
import { prepareDateFormats } from './dates';

export function warmDateFormats(): void {
  const onMainThread = () => setTimeout(() => prepareDateFormats(), 0);
  if (typeof Worker !== 'function') {
    onMainThread();
    return;
  }
  try {
    const worker = new Worker(new URL('./dateFormatsWorker.ts', import.meta.url), { type: 'module' });
    const done = () => {
      worker.terminate();
      onMainThread();
    };
    worker.onmessage = done;
    worker.onerror = done;
  } catch {
    onMainThread();
  }
}
