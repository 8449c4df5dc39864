/**
 * Stands in for the e2e tests when there is no Chromium to drive (scripts/chromium.ts; playwright.config.ts runs
 * only this file then, and never otherwise): one skipped test per spec file, in a suite whose title says NOT RUN and
 * why, so the run says plainly what it did not run (scripts/count-results.mjs lists them above its total) instead of
 * failing on a machine that lacks what it needs. In CI (CI=true) Chromium is part of the machine
 * (scripts/test-prerequisites.sh installs it as root), so there one test fails instead, saying why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { chromiumMissing } from '../scripts/chromium';

const reason = chromiumMissing() ?? 'Chromium was missing when the run began';
const specs = fs
  .readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.spec.ts') && file !== path.basename(import.meta.filename))
  .sort();

if (process.env.CI) {
  // One failure, not one per file: each would cost a worker restart, and the reason is the same.
  test(`the ${specs.length} e2e spec files (NOT RUN: ${reason})`, () => {
    throw new Error(`CI needs Chromium for the e2e tests: ${reason} (scripts/test-prerequisites.sh installs it)`);
  });
} else {
  test.describe(`e2e tests (NOT RUN: ${reason})`, () => {
    for (const file of specs) test.skip(`${file} (NOT RUN without Chromium)`, () => undefined);
  });
}
