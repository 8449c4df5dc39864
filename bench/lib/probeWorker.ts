/**
 * The hammer bench's probes on a thread of their own (bench/hammer.ts): healthz every 10 ms and another user's list
 * page every 100 ms, each one at a time, until the parent asks for the latencies. On their own event loop, a probe's
 * time is the server's answer as another client sees it, not the wait behind the hammering clients' callbacks in the
 * bench's own process (they still share the machine's cores).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { healthProbe, probeLoop } from './latency';

export interface ProbeSetup {
  base: string;
  list: { path: string; headers: Record<string, string> };
}

const { base, list } = workerData as ProbeSetup;
const health = healthProbe(base, 10);
const page = probeLoop(async () => (await fetch(base + list.path, { headers: list.headers })).arrayBuffer(), 100);
parentPort!.postMessage('ready');
parentPort!.once('message', () => {
  void Promise.all([health.stop(), page.stop()]).then(([h, l]) => parentPort!.postMessage({ health: h, list: l }));
});
