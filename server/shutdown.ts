/**
 * Stopping on SIGTERM or SIGINT (docs/DEPLOY.md, "Stopping"): the app closes (no new connections; new requests on
 * kept-alive ones are answered 503; live streams end with their reconnect hint; requests in flight are answered),
 * then the rest (the notification bus, the store), and the process exits 0. If that has not finished within
 * `timeoutMs` the process exits 1 anyway, cutting what is left: a stop never hangs. A second signal exits at once.
 */
import type { FastifyInstance } from 'fastify';

export function exitOnSignals(app: FastifyInstance, closeRest: () => Promise<void>, timeoutMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    setTimeout(() => {
      console.error(`${signal}: not closed after ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway`);
      process.exit(1);
    }, timeoutMs).unref();
    app
      .close()
      .then(closeRest)
      .then(
        () => {
          console.log(`${signal}: closed in ${Date.now() - started} ms`);
          process.exit(0);
        },
        (e: unknown) => {
          console.error(`${signal}: closing failed`, e);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
