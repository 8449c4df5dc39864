/**
 * `npm test` on a machine that lacks what some tests need (README, "Tests"): scripts/test-prerequisites.sh, which
 * `npm test` runs first, says in one line what to run, and the e2e run then reports its tests NOT RUN (counted by
 * scripts/count-results.mjs) rather than failing. The machine is simulated without uninstalling anything: the script
 * runs as an unprivileged user (`setpriv` to nobody when the tests run as root, so it cannot install), with a PATH
 * and CHROMIUM_PATH that point into empty directories.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(root, 'scripts/test-prerequisites.sh');
const onDebian = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get');

let dir: string;
/** An empty directory: nothing on PATH, no Chromium. */
let empty: string;
/** A copy of the script an unprivileged user can read (the checkout may sit in root's home). */
let script: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-prerequisites-'));
  empty = path.join(dir, 'empty');
  fs.mkdirSync(empty);
  script = path.join(dir, 'test-prerequisites.sh');
  fs.copyFileSync(SCRIPT, script);
  for (const p of [dir, empty]) fs.chmodSync(p, 0o755);
  fs.chmodSync(script, 0o644);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the script with only `env`, as a user who is not root. */
function prerequisites(env: Record<string, string>): SpawnSyncReturns<string> {
  const command = ['/usr/bin/env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), '/bin/bash', script];
  const asUser =
    process.getuid?.() === 0 ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', ...command] : command;
  const run = spawnSync(asUser[0]!, asUser.slice(1), { encoding: 'utf8', timeout: 30_000 });
  if (run.error) throw run.error;
  return run;
}

describe('scripts/test-prerequisites.sh without root', () => {
  it('on a bare machine with no Chromium: one line saying what to run for the e2e tests, and exit 0', () => {
    const run = prerequisites({ PATH: empty, CHROMIUM_PATH: path.join(empty, 'chromium') });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n').filter((line) => line.includes('Chromium'));
    expect(lines).toEqual([
      `test prerequisites: no Chromium at ${empty}/chromium (CHROMIUM_PATH): the e2e tests will be NOT RUN. ` +
        "To run them: set CHROMIUM_PATH to a Chromium executable, or unset it to use Debian's /usr/bin/chromium",
    ]);
  });

  it.skipIf(!onDebian)('on Debian: names what is missing and the one command that installs it as root', () => {
    // apt-get and nothing else on PATH: Debian's package manager is there, envsubst (gettext-base) is not.
    const bin = path.join(dir, 'debian-bin');
    fs.mkdirSync(bin, { mode: 0o755 });
    fs.symlinkSync('/usr/bin/apt-get', path.join(bin, 'apt-get'));
    const run = prerequisites({ PATH: bin });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toContain('test prerequisites: missing gettext-base: the load balancer tests will be NOT RUN');
    // Last: the one line to run (no sudo on this PATH: su).
    expect(lines.at(-1)).toMatch(/^test prerequisites: to install (.* )?gettext-base and start what they need, run: /);
    expect(lines.at(-1)).toContain(`run: su -c 'bash ${script}'`);
  });
});

// Each case starts Playwright (a few seconds, more on a busy machine).
describe('the e2e run without Chromium', { timeout: 90_000 }, () => {
  /** Playwright with CHROMIUM_PATH in an empty directory, its JSON report in `out`; then the count of it. */
  function e2eWithoutChromium(out: string, ci: boolean) {
    const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: path.join(empty, 'chromium') };
    delete env.CI;
    if (ci) env.CI = 'true';
    const report = path.join(out, 'e2e.json');
    const playwright = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--reporter=json', '--output', out],
      { cwd: root, encoding: 'utf8', env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report }, timeout: 60_000 },
    );
    const count = spawnSync(process.execPath, [path.join(root, 'scripts/count-results.mjs'), report], {
      encoding: 'utf8',
    });
    return { playwright, count };
  }
  const specs = () => fs.readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.spec.ts')).length - 1;

  it('reports every spec file NOT RUN, with the reason, and passes: count-results lists them', () => {
    const out = path.join(dir, 'e2e-local');
    const { playwright, count } = e2eWithoutChromium(out, false);
    expect(playwright.stderr).toContain(`NOT RUN: the e2e tests (no Chromium executable at ${empty}/chromium`);
    expect(playwright.status).toBe(0);
    expect(count.stdout).toContain(
      `${specs()} skipped: e2e tests (NOT RUN: no Chromium executable at ${empty}/chromium (CHROMIUM_PATH))`,
    );
    expect(count.stdout.trim().split('\n').at(-1)).toBe(`0 passed, 0 failed, ${specs()} skipped`);
    expect(count.status).toBe(0);
  });

  it('fails in CI (CI=true), where Chromium belongs to the machine: one failure, saying why', () => {
    const out = path.join(dir, 'e2e-ci');
    const { playwright, count } = e2eWithoutChromium(out, true);
    expect(playwright.status).not.toBe(0);
    expect(playwright.stdout).toContain(
      `CI needs Chromium for the e2e tests: no Chromium executable at ${empty}/chromium`,
    );
    expect(count.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(count.status).toBe(1);
  });
});
