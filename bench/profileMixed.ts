/**
 * Where the server's time goes under the mixed workload (not a test): starts one server with `node --cpu-prof`, on
 * SQLite (the bench's data set in .tmp/) or on a copy of the PostgreSQL template (bench/lib/postgres.ts), drives the
 * mixed workload of the server bench (bench/lib/mixed.ts) at a fixed arrival rate (bench/lib/openLoop.ts), stops it,
 * and prints the profile summed per function by self time and by inclusive time, largest first.
 *
 *   node --import tsx bench/profileMixed.ts [--store postgres|sqlite] [--cache false] [--rate 50] [--duration 20]
 *     [--lists-only] [--port 19825] [--top 30]
 *
 * `--lists-only`: every request a list page of 50 (half first pages, half random offsets), no record reads; writes
 * stay (10%), so counts and cached answers are made again as in the bench. The profile is kept in .tmp/profiles/.
 *
 * `--statements <PostgreSQL's log file>` (PostgreSQL only): every statement on the run's database is logged with its
 * duration (`log_min_duration_statement = 0` for that database alone), and the log's lines of that database are summed
 * per statement (literals and parameters blanked): how much of the database's time each kind of statement takes.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/processes';
import { mixedPools, mixedWorkload, workRequestTotal } from './lib/mixed';
import { openLoad } from './lib/openLoop';
import { pgDataSet, type PgDataSet } from './lib/postgres';
import { adminQuery } from '../server/storage/postgres/testDatabase';
import { HEADERS, dataDir, startOurs } from './server';
import { summarizeKind } from './lib/mixed';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'postgres' },
    cache: { type: 'string', default: 'false' },
    rate: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    port: { type: 'string', default: '19825' },
    top: { type: 'string', default: '30' },
    'lists-only': { type: 'boolean', default: false },
    'work-requests': { type: 'string', default: '100000' },
    statements: { type: 'string' },
  },
});
const n = Number(values['work-requests']);
const port = Number(values.port);
const profiles = path.join(ROOT, '.tmp/profiles');
fs.mkdirSync(profiles, { recursive: true });
const before = new Set(fs.readdirSync(profiles));

const { dir } = await dataDir(n);
let pg: PgDataSet | undefined;
const env: Record<string, string> = {};
if (values.store === 'postgres') {
  pg = await pgDataSet(n, console.log);
  Object.assign(env, { DATABASE_URL: pg.url, MWS_SIGNING_KEY: randomBytes(32).toString('hex') });
  if (values.statements) await adminQuery(`ALTER DATABASE "${pg.name}" SET log_min_duration_statement = 0`);
}
const logStart = values.statements ? fs.statSync(values.statements).size : 0;
const server = await startOurs(dir, port, values.cache !== 'false', env, ['--cpu-prof', `--cpu-prof-dir=${profiles}`]);
try {
  const total = await workRequestTotal(server.url, HEADERS);
  const pools = await mixedPools(server.url, HEADERS, total);
  // A few seconds first, not profiled apart (the profile covers the process): hot paths compiled, pool opened.
  const warm = mixedWorkload(pools, HEADERS);
  await openLoad({ url: server.url, dynamic: warm.dynamic, rate: 50, duration: 3, connections: 50 });
  const { dynamic, counts } = mixedWorkload(pools, HEADERS, { listsOnly: values['lists-only'] });
  const rate = Number(values.rate);
  const duration = Number(values.duration);
  const result = await openLoad({ url: server.url, dynamic, rate, duration, connections: 50 });
  console.log(`open loop at ${rate} req/s for ${duration} s: p50 ${result.p50} ms, p99 ${result.p99} ms`);
  for (const kind of ['list', 'record', 'write'] as const) {
    const k = summarizeKind(counts.kinds[kind], duration);
    console.log(`  ${kind}: ${k.count} answers, p50 ${k.p50} ms, p99 ${k.p99} ms, max ${k.max} ms`);
  }
} finally {
  await server.stop();
  await pg?.drop();
}

if (pg && values.statements) statementTimes(values.statements, logStart, pg.name, Number(values.top));

/** The statements PostgreSQL logged for `database` since `from` (a byte offset of its log), summed by shape. */
function statementTimes(file: string, from: number, database: string, top: number): void {
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  const buffer = Buffer.alloc(size - from);
  fs.readSync(fd, buffer, 0, buffer.length, from);
  fs.closeSync(fd);
  const byShape = new Map<string, { n: number; ms: number }>();
  let all = 0;
  const line = new RegExp(
    `@${database} LOG:  duration: ([0-9.]+) ms  (?:statement|execute [^:]*|bind [^:]*|parse [^:]*): (.*)$`,
  );
  for (const text of buffer.toString('utf8').split('\n')) {
    const m = line.exec(text);
    if (!m) continue;
    const shape = m[2]!
      .replace(/'(?:[^']|'')*'/g, "'…'")
      .replace(/\$\d+/g, '$n')
      .replace(/\b\d+\b/g, 'N')
      .slice(0, 160);
    const entry = byShape.get(shape) ?? { n: 0, ms: 0 };
    entry.n++;
    entry.ms += Number(m[1]);
    all += Number(m[1]);
    byShape.set(shape, entry);
  }
  console.log(`\nPostgreSQL statements on ${database}: ${all.toFixed(0)} ms logged`);
  for (const [shape, { n, ms }] of [...byShape].sort((a, b) => b[1].ms - a[1].ms).slice(0, top)) {
    console.log(
      `${((100 * ms) / all).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ×${n}  ${(ms / n).toFixed(2)} ms each  ${shape}`,
    );
  }
}

// --cpu-prof writes the profile as the process exits.
const written = fs.readdirSync(profiles).filter((f) => !before.has(f) && f.endsWith('.cpuprofile'));
if (written.length === 0) throw new Error('no profile written');
const file = path.join(profiles, written[0]!);
console.log(`profile: ${path.relative(ROOT, file)}`);
summarize(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile, Number(values.top));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and inclusive time per function (name and file), over the busy samples (idle left out). */
function summarize(profile: Profile, top: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (node: ProfileNode) => {
    const file = node.callFrame.url.replace(/^file:\/\//, '').replace(ROOT + '/', '');
    const short = file.includes('node_modules/')
      ? file.slice(file.lastIndexOf('node_modules/') + 13)
      : file.replace(/^.*\/(server|src)\//, '$1/');
    return `${node.callFrame.functionName || '(anonymous)'} ${short}${short ? `:${node.callFrame.lineNumber + 1}` : ''}`;
  };
  const selfBy = new Map<string, number>();
  const inclusiveBy = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    busy += us;
    const name = nameOf(node);
    selfBy.set(name, (selfBy.get(name) ?? 0) + us);
    // Each function on the stack once (recursion counted once per sample).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nameOf(byId.get(at)!);
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusiveBy.set(frame, (inclusiveBy.get(frame) ?? 0) + us);
    }
  }
  const show = (title: string, map: Map<string, number>) => {
    console.log(`\n${title} (busy ${(busy / 1000).toFixed(0)} ms)`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
    }
  };
  show('self time', selfBy);
  show('inclusive time', inclusiveBy);
}
