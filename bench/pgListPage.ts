/**
 * Times a page of 50 work requests through the PostgreSQL store right after a write (not a test): the lists of the
 * mixed bench, as its coordinator of every studio asks them, each right after a write to work requests (a replace
 * of one record), so the kept count is void and counted again, as between the mixed bench's writes.
 *
 *   node --import tsx bench/pgListPage.ts [--work-requests 100000] [--rounds 15]
 *
 * Copies the server bench's PostgreSQL template (bench/lib/postgres.ts), prints the median and p90 per list.
 */
import { parseArgs } from 'node:util';
import { PostgresStore } from '../server/storage/postgres/postgresStore';
import type { ListQuery } from '../server/storage/store';
import { pgDataSet } from './lib/postgres';

const { values } = parseArgs({
  options: { 'work-requests': { type: 'string', default: '100000' }, rounds: { type: 'string', default: '15' } },
});
const rounds = Number(values.rounds);
const db = await pgDataSet(Number(values['work-requests']), console.log);
const store = await PostgresStore.open(db.url);
try {
  const studios = (await store.list('Studios', { offset: 0, limit: 100 })).items.map((s) => s._id);
  const scope = { field: 'studio', op: 'in' as const, value: studios };
  const lists: [string, ListQuery][] = [
    ['first page, -created', { filters: [scope], sort: { field: 'created', dir: 'desc' }, offset: 0, limit: 50 }],
    [
      'first page, -created, status = in-progress',
      {
        filters: [scope, { field: 'status', op: 'eq', value: 'in-progress' }],
        sort: { field: 'created', dir: 'desc' },
        offset: 0,
        limit: 50,
      },
    ],
    ['offset 50,000, created', { filters: [scope], sort: { field: 'created', dir: 'asc' }, offset: 50_000, limit: 50 }],
  ];
  const victim = (await store.list('Workrequests', { offset: 0, limit: 1 })).items[0]!;
  let version = (await store.get('Workrequests', victim._id))!.version;
  for (const [name, query] of lists) {
    const times: number[] = [];
    for (let i = 0; i <= rounds; i++) {
      // A write to work requests: the kept count is void, as after each write of the mixed bench.
      version = (await store.replace('Workrequests', { ...victim, note: `round ${i}` }, version)).version;
      const t = performance.now();
      await store.list('Workrequests', query);
      if (i > 0) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(45)} median ${at(0.5)} ms, p90 ${at(0.9)} ms`);
  }
} finally {
  await store.close();
  await db.drop();
}
