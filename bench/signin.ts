/**
 * Sign-in under attack (docs/decisions/119-sign-in-limits-in-the-database.md): a real user's fresh sign-in latency
 * while anonymous clients send ~150 wrong-password requests per second for `duration` seconds, beside the same sign-ins
 * with no attack.
 *
 * Scenarios, each on a fresh server (seeded demo data in a temporary directory, loopback only):
 * - none: no attack;
 * - accounts: wrong passwords for 5 made-up accounts, all from 127.0.0.1;
 * - rotating: a new made-up account for every request, all from 127.0.0.1;
 * - addresses: a new made-up account for every request, from 200 addresses (127.0.0.10–209, all loopback on Linux),
 *   so no address reaches its own limit.
 * The real user (coordinator@mws.test) signed in once from 127.0.0.1 before the attack (an address it is known from),
 * and a second real user (translator@mws.test) signs in from 127.0.0.2, where it never signed in. Every sign-in is
 * fresh: the Authorization header's blanks after "Basic" differ, so the server's one-minute cache of verified
 * headers cannot answer it. Real-user sign-ins start every 500 ms during the attack, each waiting at most 60 s.
 *
 * SIGNIN_BENCH_ROOT=<dir> runs the server found in another checkout (e.g. the code before this change, exported
 * with `git archive`), for a before/after comparison with the same client.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startProcess } from './lib/processes';

const ATTACK_RATE = 150;
const REAL_EVERY_MS = 500;
const REAL_TIMEOUT_MS = 60_000;
/** How long to wait, after the attack stops, for its requests still open before dropping them. */
const DRAIN_MS = 20_000;

type Scenario = 'none' | 'accounts' | 'rotating' | 'addresses';
const SCENARIOS: Scenario[] = ['none', 'accounts', 'rotating', 'addresses'];

interface Outcome {
  status: number;
  ms: number;
}

interface Latency {
  n: number;
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  max: number;
}

export interface SigninRow {
  scenario: Scenario;
  attack: { sent: number; statuses: Record<string, number>; unanswered: number };
  knownAddress: Latency;
  newAddress: Latency;
}

export interface SigninReport {
  serverRoot: string;
  duration: number;
  rows: SigninRow[];
}

function basic(username: string, password: string, spelling = 1): string {
  return `Basic${' '.repeat(spelling)}${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** POST /api/session; status 0 when it timed out or failed. */
function post(
  base: URL,
  agent: http.Agent,
  authorization: string,
  localAddress: string,
  timeoutMs: number,
): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ status, ms: performance.now() - started });
    const req = http.request(
      new URL('/api/session', base),
      {
        method: 'POST',
        agent,
        localAddress,
        headers: {
          Authorization: authorization,
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/json',
        },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(0));
    req.end('{}');
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function latency(outcomes: Outcome[]): Latency {
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status || 'no answer'] = (statuses[o.status || 'no answer'] ?? 0) + 1;
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    n: outcomes.length,
    statuses,
    p50: Math.round(percentile(ms, 50)),
    p95: Math.round(percentile(ms, 95)),
    max: Math.round(ms.at(-1) ?? 0),
  };
}

function attacker(scenario: Scenario, i: number): { authorization: string; address: string } {
  const password = `guess-${i}`;
  switch (scenario) {
    case 'accounts':
      return { authorization: basic(`attacked-${i % 5}@example.com`, password), address: '127.0.0.1' };
    case 'rotating':
      return { authorization: basic(`sprayed-${i}@example.com`, password), address: '127.0.0.1' };
    default:
      return { authorization: basic(`sprayed-${i}@example.com`, password), address: `127.0.0.${10 + (i % 200)}` };
  }
}

async function runScenario(scenario: Scenario, serverRoot: string, duration: number): Promise<SigninRow> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-signin-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = await startProcess([process.execPath, '--import', 'tsx', 'server/main.ts'], {
    cwd: serverRoot,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG: 'false',
      DIST_DIR: path.join(dataDir, 'none'),
    },
    readyUrl: `http://127.0.0.1:${port}/healthz`,
    url: `http://127.0.0.1:${port}`,
  });
  const base = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2000 });
  try {
    let spelling = 1;
    const known = () =>
      post(base, agent, basic('coordinator@mws.test', 'coordinator-demo', spelling++), '127.0.0.1', REAL_TIMEOUT_MS);
    const stranger = () =>
      post(base, agent, basic('translator@mws.test', 'translator-demo', spelling++), '127.0.0.2', REAL_TIMEOUT_MS);
    // The real user's usual address: signed in from before the attack.
    const first = await known();
    if (first.status !== 200) throw new Error(`the real user's first sign-in answered ${first.status}`);

    const attack: Promise<Outcome>[] = [];
    const answered: Outcome[] = [];
    const knownRuns: Promise<Outcome>[] = [];
    const newRuns: Promise<Outcome>[] = [];
    const started = performance.now();
    const end = started + duration * 1000;
    let nextReal = started + (scenario === 'none' ? 0 : 1000);
    let sent = 0;
    while (performance.now() < end) {
      const now = performance.now();
      if (scenario !== 'none') {
        const due = Math.floor(((now - started) / 1000) * ATTACK_RATE);
        for (; sent < due; sent++) {
          const { authorization, address } = attacker(scenario, sent);
          attack.push(
            post(base, agent, authorization, address, DRAIN_MS + duration * 1000).then((o) => {
              answered.push(o);
              return o;
            }),
          );
        }
      }
      if (now >= nextReal) {
        knownRuns.push(known());
        newRuns.push(stranger());
        nextReal += REAL_EVERY_MS;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    const [knownAddress, newAddress] = await Promise.all([Promise.all(knownRuns), Promise.all(newRuns)]);
    // The attack's requests still open get DRAIN_MS more; then the agent is destroyed with them.
    let drainTimer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(attack), new Promise((r) => (drainTimer = setTimeout(r, DRAIN_MS)))]);
    clearTimeout(drainTimer);
    const statuses = latency(answered).statuses;
    return {
      scenario,
      attack: { sent, statuses, unanswered: sent - answered.length },
      knownAddress: latency(knownAddress),
      newAddress: latency(newAddress),
    };
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function cell(l: Latency): string {
  const statuses = Object.entries(l.statuses)
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');
  return `${l.p50} / ${l.p95} / ${l.max} ms (${statuses})`;
}

export function renderSignin(report: SigninReport): string {
  const lines = [
    '## Sign-in under attack',
    '',
    `\`bench/signin.ts\`: a fresh server per row; the attack sends ${ATTACK_RATE} wrong-password \`POST /api/session\` per second for ${report.duration} s;`,
    `real users sign in afresh every ${REAL_EVERY_MS} ms from the attack's second second (each waiting at most ${REAL_TIMEOUT_MS / 1000} s): coordinator@mws.test from 127.0.0.1,`,
    'where it signed in before the attack, and translator@mws.test from 127.0.0.2, where it never did.',
    `Server: ${report.serverRoot === ROOT ? 'this checkout' : report.serverRoot}.`,
    '',
    '| attack | attack answers | real user, known address: p50 / p95 / max | real user, new address: p50 / p95 / max |',
    '|---|---|---|---|',
  ];
  const names: Record<Scenario, string> = {
    none: 'none',
    accounts: '5 made-up accounts, from 127.0.0.1',
    rotating: 'a new account each request, from 127.0.0.1',
    addresses: 'a new account each request, from 200 addresses',
  };
  for (const row of report.rows) {
    const answers =
      row.scenario === 'none'
        ? '—'
        : `${row.attack.sent} sent: ${
            Object.entries(row.attack.statuses)
              .map(([s, n]) => `${n}× ${s}`)
              .join(', ') || 'none answered'
          }${row.attack.unanswered ? `, ${row.attack.unanswered} unanswered after ${DRAIN_MS / 1000} s` : ''}`;
    lines.push(`| ${names[row.scenario]} | ${answers} | ${cell(row.knownAddress)} | ${cell(row.newAddress)} |`);
  }
  return lines.join('\n') + '\n';
}

export async function run(options: { duration: number }): Promise<{ data: SigninReport; markdown: string }> {
  const serverRoot = process.env.SIGNIN_BENCH_ROOT ? path.resolve(process.env.SIGNIN_BENCH_ROOT) : ROOT;
  const rows: SigninRow[] = [];
  for (const scenario of SCENARIOS) {
    console.log(`signin: ${scenario}…`);
    rows.push(await runScenario(scenario, serverRoot, options.duration));
  }
  const data: SigninReport = { serverRoot, duration: options.duration, rows };
  return { data, markdown: renderSignin(data) };
}
