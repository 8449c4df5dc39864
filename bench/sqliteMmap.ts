/**
 * What SQLite's memory map saves on the server's reads (docs/decisions/050-memory-bounds.md, SQLITE_MMAP_MB): the
 * same list queries through two stores on one copy of the bench's data set, one reading the file through a map
 * (`--mmap`, MiB, default 1024) and one with another map (`--against`; default 0: `read()` calls), alternated query
 * by query, each store's page cache at its default unless `--cache` sets the other's. Prints the median time per query of each and their ratio. Not a test; reads only.
 *
 *   node --import tsx bench/sqliteMmap.ts [--rounds 15] [--mmap 1024] [--against 0] [--cache 64] [--work-requests 100000]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SqliteStore, SQLITE_MEMORY_DEFAULTS } from '../server/storage/sqlite/sqliteStore';
import type { ListQuery } from '../server/storage/store';
import { ROOT } from './lib/processes';
import { dataDir } from './server';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    mmap: { type: 'string', default: '1024' },
    /** The other store's map (MiB; default 0: read() calls) and page cache (MiB; default SQLITE_CACHE_MB's). */
    against: { type: 'string', default: '0' },
    cache: { type: 'string' },
    'work-requests': { type: 'string', default: '100000' },
  },
});
const rounds = Number(values.rounds);
const { dir } = await dataDir(Number(values['work-requests']));
// A copy: two connections on one file would share the OS cache anyway, but not each other's WAL checkpoints.
const copy = path.join(ROOT, '.tmp', `bench-mmap-${process.pid}`);
fs.cpSync(dir, copy, { recursive: true });
const file = path.join(copy, 'mws.sqlite');
const mapped = new SqliteStore(file, { ...SQLITE_MEMORY_DEFAULTS, mmapMb: Number(values.mmap) });
const unmapped = new SqliteStore(file, {
  cacheMb: Number(values.cache ?? SQLITE_MEMORY_DEFAULTS.cacheMb),
  mmapMb: Number(values.against),
});

const QUERIES: { name: string; query: ListQuery }[] = [
  { name: 'first page of 50, -created', query: { sort: { field: 'created', dir: 'desc' }, offset: 0, limit: 50 } },
  { name: 'export page of 100 at 5,000', query: { sort: { field: 'created', dir: 'desc' }, offset: 5000, limit: 100 } },
  { name: 'page of 50 at 60,000, due', query: { sort: { field: 'due', dir: 'asc' }, offset: 60000, limit: 50 } },
  {
    name: 'search "a", -created',
    query: {
      filters: [{ field: 'search', op: 'contains', value: 'a' }],
      sort: { field: 'created', dir: 'desc' },
      offset: 0,
      limit: 50,
    },
  },
  {
    name: 'language + status at 2,000',
    query: {
      filters: [
        { field: 'language', op: 'eq', value: 'fr-FR' },
        { field: 'status', op: 'in', value: ['complete'] },
      ],
      sort: { field: 'created', dir: 'desc' },
      offset: 2000,
      limit: 50,
    },
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  for (const { name, query } of QUERIES) {
    const times = { mapped: [] as number[], unmapped: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      for (const [which, store] of [
        ['mapped', mapped],
        ['unmapped', unmapped],
      ] as const) {
        const started = performance.now();
        await store.list('Workrequests', query);
        times[which].push(performance.now() - started);
      }
    }
    const m = median(times.mapped);
    const u = median(times.unmapped);
    console.log(
      `${name.padEnd(30)} map of ${values.mmap} MiB ${m.toFixed(2)} ms, of ${values.against} MiB ${u.toFixed(2)} ms, ×${(u / m).toFixed(2)}`,
    );
  }
} finally {
  await mapped.close();
  await unmapped.close();
  fs.rmSync(copy, { recursive: true, force: true });
}
