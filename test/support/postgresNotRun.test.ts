/**
 * Stands in the `postgres` project (vitest.config.ts) for the API suite's files when PostgreSQL is not reachable:
 * one skipped test per file, named with the file and the reason, and a line on the console, so a run without
 * PostgreSQL says plainly what it did not run instead of passing without it. Only that project runs this file, and
 * only then (its environment carries POSTGRES_NOT_RUN).
 */
import { describe, it } from 'vitest';

const notRun = JSON.parse(process.env.POSTGRES_NOT_RUN ?? '{"reason":"","files":[]}') as {
  reason: string;
  files: string[];
};

console.warn(`The API suite was NOT run on PostgreSQL (${notRun.files.length} files): ${notRun.reason}`);

describe(`API suite on PostgreSQL (NOT RUN: ${notRun.reason})`, () => {
  for (const file of notRun.files) it.skip(`${file} (NOT RUN on PostgreSQL)`, () => undefined);
});
