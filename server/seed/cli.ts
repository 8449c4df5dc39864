/**
 * Seeds a data directory or a PostgreSQL database:
 *
 *   node --import tsx server/seed/cli.ts [--work-requests N] [--data-dir DIR | --database-url URL]
 *   npm run seed -- --work-requests 100000 --data-dir /tmp/data
 *   npm run seed -- --database-url postgres://mws:mws@127.0.0.1:5432/mws
 *
 * Opens the store as the server does (storage/openStore.ts): PostgreSQL at --database-url, else env DATABASE_URL,
 * else DIR/mws.sqlite (DIR: --data-dir, else env DATA_DIR, else ./data). Seeds the demo set when the store has no
 * users, then adds N work requests (and the benchmark translations) when --work-requests is given.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCommand } from '../runCommand';
import { openStore } from '../storage/openStore';
import { isEmpty, seedDemo, type SeedSummary } from './demo';
import { seedLarge, type LargeSummary } from './large';

const USAGE =
  'usage: node --import tsx server/seed/cli.ts [--work-requests N] [--data-dir DIR | --database-url postgres://…]';
const MAX_WORK_REQUESTS = 10_000_000;

export interface CliArgs {
  workRequests?: number;
  dataDir: string;
  /** PostgreSQL instead of SQLite in `dataDir`. */
  databaseUrl?: string;
  help: boolean;
}

/** Parses and validates the arguments; throws an Error with a message meant for the user. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliArgs {
  let values: { 'work-requests'?: string; 'data-dir'?: string; 'database-url'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'work-requests': { type: 'string', short: 'n' },
        'data-dir': { type: 'string', short: 'd' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new Error((err as Error).message, { cause: err });
  }
  let workRequests: number | undefined;
  const raw = values['work-requests'];
  if (raw !== undefined) {
    const cleaned = raw.replace(/_/g, '');
    if (!/^\d+$/.test(cleaned)) throw new Error(`--work-requests: expected a non-negative integer, got "${raw}"`);
    workRequests = Number(cleaned);
    if (workRequests > MAX_WORK_REQUESTS) {
      throw new Error(`--work-requests: at most ${MAX_WORK_REQUESTS.toLocaleString('en')}, got ${raw}`);
    }
  }
  const dataDir = values['data-dir'] ?? env.DATA_DIR ?? './data';
  if (dataDir.trim() === '') throw new Error('--data-dir: expected a directory path, got an empty string');
  if (values['data-dir'] !== undefined && values['database-url'] !== undefined) {
    throw new Error('--data-dir and --database-url: give one or the other');
  }
  const databaseUrl = values['database-url'] ?? (values['data-dir'] === undefined ? env.DATABASE_URL : undefined);
  if (databaseUrl !== undefined && databaseUrl !== '' && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`--database-url: expected a postgres:// URL, got "${databaseUrl}"`);
  }
  return { workRequests, dataDir, databaseUrl: databaseUrl || undefined, help: values.help === true };
}

function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `  ${c.padEnd(14)} ${n.toLocaleString('en')}`)
    .join('\n');
}

async function main(): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`seed: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const started = performance.now();
  const { store, where } = await openStore({
    databaseUrl: args.databaseUrl,
    dbFile: path.join(args.dataDir, 'mws.sqlite'),
    bus: false,
  });
  try {
    let demo: SeedSummary | undefined;
    if (await isEmpty(store)) {
      demo = await seedDemo(store);
      console.log(`demo set seeded in ${demo.ms} ms (data as of ${demo.now})`);
      console.log('demo accounts:');
      for (const a of demo.accounts) console.log(`  ${a.role.padEnd(12)} ${a.username} / ${a.password}`);
    } else {
      console.log(`${where} already has users: demo set not seeded again`);
    }
    let large: LargeSummary | undefined;
    if (args.workRequests !== undefined) {
      let lastReport = 0;
      large = await seedLarge(store, {
        workRequests: args.workRequests,
        onProgress: (done, total) => {
          if (done - lastReport >= 20_000 || done === total) {
            lastReport = done;
            console.log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} work requests`);
          }
        },
      });
      console.log(`added ${large.added.toLocaleString('en')} work requests in ${large.ms} ms`);
      console.log('benchmark translations:');
      console.log(
        `  3000 lines: translation ${large.benchmark.translation3000}, work request ${large.benchmark.workRequest3000}`,
      );
      console.log(
        `  1500 lines: translation ${large.benchmark.translation1500}, work request ${large.benchmark.workRequest1500}`,
      );
    }
    const counts: Record<string, number> = {};
    for (const c of [
      'Workrequests',
      'Translations',
      'Users',
      'Groups',
      'Shares',
      'Assets',
      'Previews',
      'Files',
      'Comments',
      'Projects',
      'Studios',
      'Languages',
      'Territories',
      'Notifications',
      'Events',
    ] as const) {
      counts[c] = await store.count(c);
    }
    console.log(`${where}:\n${formatCounts(counts)}`);
    console.log(`total ${Math.round(performance.now() - started)} ms`);
    return 0;
  } finally {
    await store.close();
  }
}

runCommand(import.meta.url, 'seed failed:', main);
