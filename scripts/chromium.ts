/**
 * Which Chromium the e2e tests drive (README, "Tests"): CHROMIUM_PATH, by default Debian's /usr/bin/chromium
 * (scripts/test-prerequisites.sh installs it when it can); CHROMIUM_PATH='' means Playwright's own download.
 * playwright.config.ts asks here whether it is there: without it the e2e tests are reported NOT RUN
 * (e2e/chromiumNotRun.spec.ts), not failed.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

/** Where Debian's package puts it; scripts/test-prerequisites.sh looks there too. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The executable to launch, or undefined for Playwright's own browser (CHROMIUM_PATH=''). */
export function chromiumExecutable(): string | undefined {
  const configured = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;
  return configured === '' ? undefined : configured;
}

/** Why the e2e tests cannot run here (no Chromium where they look), or undefined when they can. */
export function chromiumMissing(): string | undefined {
  const configured = chromiumExecutable();
  const executable = configured ?? chromium.executablePath();
  try {
    fs.accessSync(executable, fs.constants.X_OK);
    if (fs.statSync(executable).isFile()) return undefined;
  } catch {
    // missing or not executable: said below
  }
  if (configured === undefined) return `Playwright's Chromium is not installed at ${executable} (CHROMIUM_PATH='')`;
  const named = process.env.CHROMIUM_PATH === undefined ? '' : ' (CHROMIUM_PATH)';
  return `no Chromium executable at ${executable}${named}`;
}
