/** Markdown for the benchmark report. */
import { MIXED, type BackendRow, type MixedReport, type ServerReport } from './server';
import type { LoadResult } from './lib/autocannon';
import { KINDS, summarizeKind } from './lib/mixed';

const cell = (r: LoadResult | undefined) => (r ? `${r.rps.toLocaleString('en')} req/s, p99 ${r.p99} ms` : '—');

export function renderServer(r: ServerReport): string {
  const rows = r.rows.map((row) => {
    const ratio = row.bare.rps ? (row.ours.rps / row.bare.rps).toFixed(2) : '—';
    return `| ${row.target} | ${cell(row.ours)} | ${cell(row.oursUncached)} | ${cell(row.bare)} | ${ratio} | ${cell(row.jsonServer)} |`;
  });
  return [
    '## Server',
    '',
    `autocannon, ${r.connections} connections for ${r.duration} s per cell, ${r.workRequests.toLocaleString('en')} work requests` +
      (r.seedMs ? ` (seeded in ${(r.seedMs / 1000).toFixed(1)} s)` : ' (data set reused from .tmp/)') +
      '.',
    '"Ours" is this server as `npm start` runs it (answers are cached until the next write); "uncached" is the same',
    'server with `RESPONSE_CACHE=false`; "bare" is a node:http server answering the same recorded bytes from memory',
    '(the ceiling); json-server 0.17 serves the same records for the reads it can express.',
    '',
    '| request | ours | ours, uncached | bare node:http | ours / bare | json-server |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Server RSS after the run (ours, cached): ${r.rssMbAfter} MB.`,
    '',
    renderBackends(r),
  ].join('\n');
}

const ms = (v: number) => `${v} ms`;

/** Requests without a 2xx answer: how many, and what they got (`PUT 409×3` in the mixed scenario, `503×2`, `no answer×1`). */
function errorsCell(row: BackendRow): string {
  const r = row.result!;
  const total = r.errors + r.non2xx;
  const kinds = row.mixed
    ? Object.entries(row.mixed.failures).map(([k, n]) => `${k}×${n}`)
    : Object.entries(r.statusCodes ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, n]) => `${code}×${n}`);
  if (r.errors) kinds.push(`no answer×${r.errors}${r.timeouts ? ` (${r.timeouts} timed out)` : ''}`);
  return kinds.length ? `${total} (${kinds.join(', ')})` : String(total);
}

/**
 * The backends side by side (docs/BENCHMARKS.md "Server"): each scenario on SQLite, then PostgreSQL with 1 and 2
 * instances.
 */
export function renderBackends(r: ServerReport): string {
  const table = (cache: boolean) => {
    const rows = r.backends.filter((b) => b.cache === cache);
    const lines = rows.map((row) => {
      if (!row.result) return `| ${row.scenario} | ${row.backend} | not run: ${row.notRun ?? 'unknown'} | | | | | |`;
      const sqlite = rows.find((b) => b.scenario === row.scenario && b.backend === 'SQLite')?.result;
      const ratio = row.backend === 'SQLite' ? '1.00' : sqlite?.rps ? (row.result.rps / sqlite.rps).toFixed(2) : '—';
      const rss = (row.rssMb ?? []).map((m) => `${m} MB`).join(' + ');
      return `| ${row.scenario} | ${row.backend} | ${row.result.rps.toLocaleString('en')} | ${ms(row.result.p50)} | ${ms(row.result.p99)} | ${errorsCell(row)} | ${rss} | ${ratio} |`;
    });
    return [
      '| scenario | backend | req/s | p50 | p99 | errors (non-2xx) | RSS peak, each instance | req/s / SQLite |',
      '|---|---|---|---|---|---|---|---|',
      ...lines,
    ].join('\n');
  };
  const writes = r.backends
    .filter((b) => b.mixed && b.result)
    .map(
      (b) =>
        `${b.backend}${b.cache ? '' : ' (no cache)'}: ${b.mixed!.writesOk.toLocaleString('en')} of ${b.mixed!.writes.toLocaleString('en')} writes 2xx (${Math.round(b.mixed!.writesOk / r.duration)}/s), ${b.mixed!.reads.toLocaleString('en')} reads`,
    );
  const pg = r.postgres;
  const prepared = pg.notRun
    ? `PostgreSQL not run: ${pg.notRun}.`
    : `PostgreSQL's copy of the data set: ${pg.seedMs ? `template seeded in ${(pg.seedMs / 1000).toFixed(1)} s, ` : 'template reused, '}copied in ${(pg.copyMs / 1000).toFixed(1)} s.`;
  return [
    '### SQLite and PostgreSQL, one and two instances',
    '',
    `The same scenarios on each backend, and a mixed one (${MIXED.replace(/^mixed: /, '')}; bench/lib/mixed.ts),`,
    'on the same data set: SQLite as above; one server instance on PostgreSQL; two instances on the same',
    "PostgreSQL database, autocannon dealing its connections between the two (25 each). RSS is each instance's peak",
    'resident memory sampled every 250 ms during the run. ' + prepared,
    '',
    'As `npm start` runs it (response cache on):',
    '',
    table(true),
    '',
    'With `RESPONSE_CACHE=false`:',
    '',
    table(false),
    '',
    ...(writes.length ? ['Mixed scenario, what was done:', '', ...writes.map((w) => `- ${w}`), ''] : []),
    mixedKinds(r.backends, r.duration),
  ].join('\n');
}

const pct = (v: number | undefined) => (v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

/** The mixed scenario's rows, each kind apart: answers per second, latency percentiles and the response cache's hits. */
export function mixedKinds(rows: BackendRow[], duration: number): string {
  const lines: string[] = [];
  for (const row of rows) {
    if (!row.mixed || !row.result) continue;
    const cache = row.cache ? 'on' : 'off';
    const loop = row.rate ? `open, ${row.rate} req/s` : 'closed';
    for (const kind of KINDS) {
      const k = summarizeKind(row.mixed.kinds[kind], duration);
      // Writes are never cached: their cell stays empty.
      const hits =
        row.cache && kind !== 'write'
          ? `${pct(k.hitRate)} (${k.cache.hit.toLocaleString('en')} hit, ${k.cache.miss.toLocaleString('en')} miss)`
          : '—';
      lines.push(
        `| ${row.backend} | ${cache} | ${loop} | ${kind} | ${k.count.toLocaleString('en')} | ${k.rps.toLocaleString('en')} | ${ms(k.p50)} | ${ms(k.p99)} | ${ms(k.max)} | ${hits} |`,
      );
    }
    const w = row.mixed.writeKinds;
    const answers = row.mixed.reads + row.mixed.writes;
    const perAnswer = (cpuMs: number | undefined, what: string) =>
      cpuMs !== undefined && answers ? `${what} ${(cpuMs / answers).toFixed(1)} ms per answer; ` : '';
    const cpu = perAnswer(row.serverCpuMs, 'server CPU') + perAnswer(row.databaseCpuMs, 'PostgreSQL CPU');
    const load = row.loadAverage ? `load ${row.loadAverage.map((l) => l.toFixed(1)).join(' → ')}; ` : '';
    lines.push(
      `| ${row.backend} | ${cache} | ${loop} | all (${row.rate ? 'open loop' : 'autocannon'}) | ${answers.toLocaleString('en')} | ${row.result.rps.toLocaleString('en')} | ${ms(row.result.p50)} | ${ms(row.result.p99)} | — | ${cpu}${load}errors ${errorsCell(row)}; writes ${w.comment} comments, ${w.status} status changes, ${w.translation} translation saves |`,
    );
  }
  return [
    'Mixed scenario by kind of request (answers counted by the workload itself; p50 / p99 by nearest rank over every',
    'answer of the kind, timed from the request\'s being built to its last byte; "X-Cache" counts the response cache\'s',
    '`X-Cache: hit|miss` header on the cacheable GETs; "closed": each connection sends its next request when its last',
    'is answered (autocannon); "open, N req/s": N requests arrive a second, evenly spaced, each timed from its arrival',
    '(bench/lib/openLoop.ts, at most 50 in flight)):',
    '',
    '| backend | response cache | load | kind | answers | req/s | p50 | p99 | max | X-Cache hit rate (reads) / notes |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n');
}

/** `--only mixed`: the mixed workload alone, by kind, cache on and off, SQLite and one PostgreSQL instance. */
export function renderMixed(r: MixedReport): string {
  const notRun = r.rows
    .filter((row) => !row.result)
    .map((row) => `- ${row.backend}, cache ${row.cache ? 'on' : 'off'}: not run: ${row.notRun ?? 'unknown'}`);
  return [
    '## Server: the mixed workload',
    '',
    `autocannon, ${r.connections} connections for ${r.duration} s per row, ${r.workRequests.toLocaleString('en')} work requests; ${MIXED}`,
    '(bench/lib/mixed.ts); every request sends `Accept-Encoding: gzip, br`. "on" is the server as `npm start` runs it,',
    `"off" the same with \`RESPONSE_CACHE=false\`.${r.postgres.copyMs ? ` PostgreSQL's copy of the data set took ${(r.postgres.copyMs / 1000).toFixed(1)} s.` : ''}`,
    '',
    mixedKinds(r.rows, r.duration),
    ...(notRun.length ? [...notRun, ''] : []),
  ].join('\n');
}
