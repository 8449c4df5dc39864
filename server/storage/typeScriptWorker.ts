/**
 * Starts a worker thread on a TypeScript module through tsx's loader, as the server itself runs (`node --import tsx`):
 * a worker does not take `--import` from its options, and a test runner's process has other loaders; registered in
 * the worker first, it loads the TypeScript module the same way everywhere.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export function startTypeScriptWorker(module: URL, workerData: unknown): Worker {
  const tsx = pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(code, { eval: true, workerData });
}
