/** Latency figures of the benches that measure one request at a time: percentiles, and a probe loop beside a load. */

export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function stats(values: number[]): LatencyStats {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * Runs `ask` one at a time, starting one every `everyMs` (or at once when the last took longer), until `stop()`,
 * which answers each one's latency in ms.
 */
export function probeLoop(ask: () => Promise<unknown>, everyMs: number): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await ask();
      const ms = performance.now() - started;
      latencies.push(ms);
      if (ms < everyMs) await new Promise((r) => setTimeout(r, everyMs - ms));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** Asks `<base>/api/healthz` every `everyMs` (one at a time) until `stop()`; answers each one's latency. */
export function healthProbe(base: string, everyMs = 10): { stop: () => Promise<number[]> } {
  return probeLoop(async () => (await fetch(`${base}/api/healthz`)).arrayBuffer(), everyMs);
}
