/**
 * Copies an embedded install (SQLite in DATA_DIR) into PostgreSQL, then compares both sides (migrateData.ts):
 *
 *   npm run migrate-data -- --from DATA_DIR --to postgres://user:password@host:5432/database [--replace]
 *   npm run migrate-data -- --from DATA_DIR --to postgres://… --verify-only
 *
 * Exit code 0 when every collection matches, 1 when one does not or the copy failed (the target is then as it was),
 * 2 for wrong arguments. Stop the server on DATA_DIR first: what it writes after the copy has begun is not copied
 * (the comparison then shows a MISMATCH).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
// eslint-disable-next-line boundaries/dependencies -- a command-line entry point kept beside the code it runs: runCommand is its process wrapper (exit codes, signals), part of no layer
import { runCommand } from '../runCommand';
import {
  DEFAULT_BATCH_SIZE,
  MigrationError,
  PostgresTarget,
  SIGNING_KEY_FILE,
  SqliteSource,
  compareAll,
  copyAll,
  describeCounts,
  type Comparison,
  type Progress,
} from './migrateData';

const USAGE = `usage: npm run migrate-data -- --from DATA_DIR --to postgres://user:password@host:5432/database [options]

  --from DIR         the embedded install's data directory (its mws.sqlite, opened read-only), or the file itself
  --to URL           the PostgreSQL database to copy into (made ready as a server does at start)
  --replace          drop the records the target already holds (else such a target is refused)
  --verify-only      copy nothing: compare the two sides (counts and checksums) and exit 1 on any difference
  --batch-size N     records per INSERT (default ${DEFAULT_BATCH_SIZE})`;

export interface MigrateArgs {
  from: string;
  to: string;
  replace: boolean;
  verifyOnly: boolean;
  batchSize: number;
}

/** Parses and validates the arguments; throws an Error with a message meant for the user. `undefined`: --help. */
export function parseMigrateArgs(argv: string[]): MigrateArgs | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      replace: { type: 'boolean' },
      'verify-only': { type: 'boolean' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return undefined;
  if (!values.from?.trim()) throw new Error('--from: give the data directory of the embedded install');
  if (!values.to?.trim()) throw new Error('--to: give the PostgreSQL database URL (postgres://…)');
  if (!/^postgres(ql)?:\/\//.test(values.to) || !URL.canParse(values.to)) {
    throw new Error(`--to: expected a postgres:// URL, got "${values.to.replace(/:[^:@/]*@/, ':***@')}"`);
  }
  if (values.replace && values['verify-only']) throw new Error('--replace and --verify-only: give one or the other');
  let batchSize = DEFAULT_BATCH_SIZE;
  if (values['batch-size'] !== undefined) {
    batchSize = Number(values['batch-size']);
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) {
      throw new Error(`--batch-size: expected a whole number from 1 to 100000, got "${values['batch-size']}"`);
    }
  }
  return {
    from: values.from,
    to: values.to,
    replace: values.replace === true,
    verifyOnly: values['verify-only'] === true,
    batchSize,
  };
}

const LARGE = 10_000;

/** Progress of large collections: a line every 10,000 records or so, and at the end. */
function progressPrinter(): (p: Progress) => void {
  const printed = new Map<string, number>();
  return (p) => {
    if (p.total < LARGE) return;
    const key = `${p.phase} ${p.collection}`;
    if (p.done - (printed.get(key) ?? 0) < LARGE && p.done !== p.total) return;
    printed.set(key, p.done);
    console.log(`  ${key}: ${p.done.toLocaleString('en')} / ${p.total.toLocaleString('en')}`);
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function comparisonTable(results: Comparison[]): string {
  const header = ['collection', 'source records', 'target records', 'source checksum', 'target checksum', ''];
  const rows = results.map((r) => [
    r.collection,
    r.source.count.toLocaleString('en'),
    r.target.count.toLocaleString('en'),
    r.source.checksum.slice(0, 16),
    r.target.checksum.slice(0, 16),
    r.ok ? 'OK' : 'MISMATCH',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** What the operator must do about the link-signing key, which lives beside the database and not in it. */
function signingKeyAdvice(dataDir: string): string {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (!fs.existsSync(file)) {
    return (
      `signing key: ${dataDir} holds no ${SIGNING_KEY_FILE} (the server was started with MWS_SIGNING_KEY, or never ` +
      'started there): give every PostgreSQL instance that same MWS_SIGNING_KEY.'
    );
  }
  const valid = /^[0-9a-f]{64}$/.test(fs.readFileSync(file, 'utf8').trim());
  return [
    `signing key: the links this install signed (previews, offline downloads) need its key, ${file}, which is not in`,
    'the database. Every PostgreSQL instance must use this one key:',
    `  - an instance with DATA_DIR=${dataDir} reads it from there;`,
    `  - any other: set MWS_SIGNING_KEY="$(cat ${file})" (or copy the file, mode 600, into its DATA_DIR).`,
    ...(valid ? [] : [`  WARNING: ${file} does not hold 64 hex digits: MWS_SIGNING_KEY would refuse it.`]),
  ].join('\n');
}

async function run(args: MigrateArgs): Promise<number> {
  const source = SqliteSource.open(args.from, args.batchSize);
  let target: PostgresTarget | undefined;
  try {
    target = await PostgresTarget.connect(args.to, args.batchSize);
    console.log(`from ${source.file} (read-only)\nto   ${target.where}`);
    if (args.verifyOnly) {
      if (!(await target.hasSchema())) {
        throw new MigrationError(`${target.where} has no MWS schema: nothing was migrated there`);
      }
    } else {
      await target.migrate();
      console.log('target schema up to date');
      const summary = await copyAll(source, target, {
        replace: args.replace,
        onReplace: (counts) => console.log(`--replace: dropping what the target held: ${describeCounts(counts)}`),
        onProgress: progressPrinter(),
      });
      const rate = Math.round(summary.records / Math.max(summary.ms / 1000, 0.001));
      console.log(
        `copied ${summary.records.toLocaleString('en')} records in ${seconds(summary.ms)} (${rate.toLocaleString('en')} records/s), one transaction`,
      );
    }
    const started = performance.now();
    const results = await compareAll(source, target, progressPrinter());
    console.log(comparisonTable(results));
    const bad = results.filter((r) => !r.ok);
    const total = results.reduce((n, r) => n + r.source.count, 0);
    const took = seconds(performance.now() - started);
    if (bad.length > 0) {
      console.error(
        `MISMATCH in ${bad.map((r) => r.collection).join(', ')} (compared in ${took}). Was a server writing to ` +
          'either side? Stop it, then copy again with --replace.',
      );
      return 1;
    }
    console.log(`all ${results.length} collections match: ${total.toLocaleString('en')} records (compared in ${took})`);
    if (!args.verifyOnly) {
      console.log(signingKeyAdvice(source.dataDir));
      console.log(`next: start the servers with DATABASE_URL=${target.where} (its password in place of ***)`);
    }
    return 0;
  } finally {
    source.close();
    await target?.close();
  }
}

async function main(): Promise<number> {
  let args: MigrateArgs | undefined;
  try {
    args = parseMigrateArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`migrate-data: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  try {
    return await run(args);
  } catch (err) {
    if (err instanceof MigrationError) {
      console.error(`migrate-data: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

runCommand(import.meta.url, 'migrate-data failed (the records of the target are as they were):', main);
