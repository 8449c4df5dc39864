/** How the command-line tools (`npm run seed`, `npm run migrate-data`) start. */
import path from 'node:path';

/**
 * Runs `main` when the module at `moduleUrl` is the file node was started with (not when a test imports it), and
 * sets the exit code to its answer; an unexpected error is printed after `failed` and exits 1.
 */
export function runCommand(moduleUrl: string, failed: string, main: () => Promise<number>): void {
  const started = process.argv[1];
  const self = (file: string) => path.resolve(file).replace(/\.ts$/, '');
  if (started === undefined || self(started) !== self(new URL(moduleUrl).pathname)) return;
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(failed, err);
      process.exitCode = 1;
    },
  );
}
