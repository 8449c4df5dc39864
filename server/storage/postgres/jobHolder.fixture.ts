/**
 * A job runner that takes every `hold` job and never ends it, in a process of its own (jobLiveness.test.ts kills it
 * with SIGKILL while it holds one). Prints `holding <job id>` when it has one. Argument: the database URL.
 */
import { runJobs } from './jobs';

const url = process.argv[2];
if (!url) throw new Error('usage: jobHolder.fixture.ts <database url>');
await runJobs(
  url,
  {
    hold: async (_payload, job) => {
      process.stdout.write(`holding ${job.id}\n`);
      await new Promise(() => undefined);
    },
  },
  { pollMs: 50, concurrency: 1 },
  { heartbeatMs: 100, deadAfterMs: 1500 },
);
