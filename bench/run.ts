/**
 * `npm run bench`: every benchmark of docs/BENCHMARKS.md in one run, each beside its baseline measured in the same
 * run on the same machine; writes bench/results/latest.md and latest.json. docs/BENCHMARKS.md is today's numbers
 * curated from such reports (with the goals and how to read them), so a run never writes over it.
 *
 *   npm run bench                      # everything
 *   npm run bench -- --only server     # one section (SECTIONS below), written to bench/results/
 *   npm run bench -- --only mixed      # the server's mixed read/write workload alone, by kind
 *   npm run bench -- --only hammer     # each expensive route hammered by 4 clients, with healthz and a list page probed
 *   npm run bench -- --only reports    # every report on 100,000 work requests, SQLite and PostgreSQL, beside the list page
 *   npm run bench -- --duration 5      # shorter load runs (default 10 s)
 *   npm run bench -- --port 19820      # the servers' first port (default a random one from 18000)
 *   npm run bench -- --only mixed --rates 25,50   # the mixed section's open-loop rates (default 25,50,100)
 *   npm run bench -- --only upload     # resumable uploads: 1 GiB in 8 MiB PATCHes beside curl (BENCH_UPLOAD_MB)
 *   npm run bench -- --only mail       # mail fan-out: rendering, SMTP hand-overs, 10,000 recipients end to end
 *   npm run bench -- --only ingest     # upload done → preview ready for a 60 s clip, beside ffmpeg alone
 *   BENCH_SOAK_MINUTES=3 npm run bench -- --only soak   # the memory soak (bench/soak.ts; default 10 minutes)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/processes';
import { benchMixed, benchServer, type MixedReport, type ServerReport } from './server';
import { renderMixed, renderServer } from './report';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    'work-requests': { type: 'string', default: '100000' },
    port: { type: 'string' },
    rates: { type: 'string' },
  },
});
/** Every section of a full run, in order (`mixed` runs alone with --only). */
const SECTIONS = [
  'bundle',
  'browser',
  'jump',
  'server',
  'search',
  'signin',
  'subtitles',
  'broadcast',
  'glossary',
  'memory',
  'soak',
  'hammer',
  'reports',
  'watermark',
  'upload',
  'mail',
  'ingest',
];
/** Those implemented in their own modules (bench/<name>.ts, exporting `run`): all but bench/server.ts's. */
const MODULE_SECTIONS = SECTIONS.filter((name) => name !== 'server');
const sections = values.only ? values.only.split(',') : SECTIONS;
const duration = Number(values.duration);
const workRequests = Number(values['work-requests']);
if (!Number.isFinite(duration) || duration <= 0) throw new Error('--duration: expected seconds > 0');
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65500))
  throw new Error('--port: expected a port number');
const rates = values.rates?.split(',').map(Number);
if (rates?.some((r) => !(r > 0))) throw new Error('--rates: expected requests per second, e.g. 25,50');

interface Results {
  date: string;
  machine: string;
  command: string;
  server?: ServerReport;
  mixed?: MixedReport;
  [section: string]: unknown;
}

const results: Results = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
};

const extra: Record<string, () => Promise<{ data: unknown; markdown: string }>> = {};
for (const name of MODULE_SECTIONS) {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  if (sections.includes(name) && fs.existsSync(file)) {
    const mod = (await import(file)) as {
      run: (o: { duration: number; workRequests: number }) => Promise<{ data: unknown; markdown: string }>;
    };
    extra[name] = () => mod.run({ duration, workRequests });
  }
}

const markdown: string[] = [];
for (const name of sections) {
  if (name === 'server') {
    results.server = await benchServer({ workRequests, duration, port });
    markdown.push(renderServer(results.server));
  } else if (name === 'mixed') {
    results.mixed = await benchMixed({ workRequests, duration, port, rates });
    markdown.push(renderMixed(results.mixed));
  } else if (extra[name]) {
    const { data, markdown: md } = await extra[name]();
    results[name] = data;
    markdown.push(md);
  } else {
    console.log(`(no section ${name})`);
  }
}

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
const doc = [
  '# Benchmarks',
  '',
  `Measured by \`${results.command}\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC; machine: ${results.machine}.`,
  'Each number stands beside its baseline from the same run. Not part of `npm test` (no timed tests).',
  '',
  ...markdown,
].join('\n');
// A partial run (--only) must not replace the full report: it goes beside it.
const target = path.join(ROOT, 'bench/results', values.only ? `partial-${sections.join('-')}.md` : 'latest.md');
fs.writeFileSync(target, doc + '\n');
console.log(`written to ${path.relative(ROOT, target)}`);
console.log(doc);
