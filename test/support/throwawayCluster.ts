/**
 * A PostgreSQL cluster of a test's own (Debian's postgresql-common: pg_createcluster / pg_ctlcluster /
 * pg_dropcluster) on a free loopback port, for tests that stop or restart the database under a running server. The
 * shared cluster (15/main, TEST_DATABASE_URL) is never touched: restarting it would break every other test running.
 * It has a `mws` superuser (password `mws`) and one database for the test; `drop` stops and removes it all.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { postgresReachable } from '../../server/storage/postgres/testDatabase';
import { freePort, waitFor } from './balancer';

const run = promisify(execFile);

/** The PostgreSQL major version of the installed server (the shared cluster's, 15 on this machine's image). */
const VERSION = process.env.TEST_CLUSTER_VERSION ?? '15';

export interface ThrowawayCluster {
  /** The test database's URL (role mws/mws). */
  url: string;
  /** `pg_ctlcluster restart`: a fast shutdown (every connection is ended, 57P01) and a start, as an operator does. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Whether the database answers now. */
  answers(): Promise<boolean>;
  drop(): Promise<void>;
}

/** Why a throwaway cluster cannot be made here (postgresql-common missing), or undefined when it can. */
export function clusterToolsMissing(): string | undefined {
  for (const tool of ['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed`;
  }
  return undefined;
}

/** Runs `psql` as the cluster's owner over its local socket (peer authentication: no password yet). */
async function asOwner(port: number, sql: string): Promise<void> {
  await run('runuser', ['-u', 'postgres', '--', 'psql', '-X', '-q', '-p', String(port), '-d', 'postgres', '-c', sql]);
}

export async function throwawayCluster(): Promise<ThrowawayCluster> {
  const name = `mwsfault${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const ctl = (action: string) => run('pg_ctlcluster', [VERSION, name, action]);
  await run('pg_createcluster', [VERSION, name, '-p', String(port), '--start', '--start-conf=manual']);
  const dropped = { done: false };
  const drop = async () => {
    if (dropped.done) return;
    dropped.done = true;
    await run('pg_dropcluster', ['--stop', VERSION, name]);
  };
  try {
    await asOwner(port, `CREATE ROLE mws SUPERUSER LOGIN PASSWORD 'mws'`);
    await asOwner(port, 'CREATE DATABASE mws_fault OWNER mws');
  } catch (e) {
    await drop();
    throw e;
  }
  const url = `postgres://mws:mws@127.0.0.1:${port}/mws_fault`;
  const answers = () => postgresReachable(url);
  return {
    url,
    async restart() {
      await ctl('restart');
    },
    async stop() {
      await ctl('stop');
    },
    async start() {
      await ctl('start');
      await waitFor('the throwaway cluster answering', async () => ((await answers()) ? true : undefined), 30_000);
    },
    answers,
    drop,
  };
}
