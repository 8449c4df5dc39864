/** Markdown for the benchmark report. */
import type { ServerReport } from './server';
import type { LoadResult } from './lib/autocannon';

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
  ].join('\n');
}
