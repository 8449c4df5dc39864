/**
 * An open loop: requests arrive at a fixed rate, evenly spaced, whatever the server answers — the latency a user
 * feels at that load. autocannon's `overallRate` is not one: each connection sends its share of a second back to
 * back when its one-second tick fires, and the 50 connections' ticks start together, so the requests arrive in
 * bursts of 50 once a second and what is measured is the queue of a burst (a first try of the mixed bench's open
 * rows showed p50s of 200-450 ms at 100 req/s on a server answering in ~6 ms of CPU).
 *
 * Up to `connections` requests are in flight (keep-alive sockets, dealt over the URLs in turn); an arrival that finds
 * none free waits for one, and its latency counts from its arrival, so a slow server is not hidden by the generator
 * waiting for it (no coordinated omission). A request unanswered after `timeoutMs` is abandoned and counted.
 */
import http from 'node:http';
import type { DynamicRequest, LoadResult } from './autocannon';

/** The p-th percentile (0-100) by nearest rank of sorted values; 0 when there are none. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function openLoad(options: {
  url: string | string[];
  dynamic: DynamicRequest;
  /** Requests per second over all connections. */
  rate: number;
  /** Seconds of arrivals (answers still running at the end are waited for, up to `timeoutMs`). */
  duration: number;
  connections: number;
  timeoutMs?: number;
}): Promise<LoadResult> {
  const urls = (Array.isArray(options.url) ? options.url : [options.url]).map((u) => new URL(u));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const perUrl = Math.max(1, Math.floor(options.connections / urls.length));
  const agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets: perUrl }));
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  let inFlight = 0;
  let settle: (() => void) | undefined;

  const send = (i: number, arrival: number) => {
    const context = {};
    const request = options.dynamic.setupRequest({}, context);
    const url = urls[i % urls.length]!;
    const body = typeof request.body === 'string' ? request.body : undefined;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(request.headers ?? {})) headers[k] = String(v);
    if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
    inFlight++;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      inFlight--;
      if (inFlight === 0) settle?.();
    };
    const req = http.request(
      {
        agent: agents[i % urls.length],
        host: url.hostname,
        port: url.port,
        method: request.method ?? 'GET',
        path: request.path ?? '/',
        headers,
      },
      (res) => {
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('error', () => {
          if (!finished) errors++;
          done();
        });
        res.on('end', () => {
          if (finished) return;
          latencies.push(performance.now() - arrival);
          const status = res.statusCode ?? 0;
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          options.dynamic.onResponse?.(status, '', context, res.headers);
          done();
        });
      },
    );
    req.setTimeout(timeoutMs, () => {
      timeouts++;
      req.destroy(new Error('timed out'));
    });
    req.on('error', () => {
      if (!finished) errors++;
      done();
    });
    req.end(body);
  };

  const interval = 1000 / options.rate;
  const count = Math.round(options.rate * options.duration);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const arrival = start + i * interval;
    const wait = arrival - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    send(i, arrival);
  }
  if (inFlight > 0) {
    await Promise.race([
      new Promise<void>((resolve) => (settle = resolve)),
      new Promise((resolve) => setTimeout(resolve, timeoutMs + 1000)),
    ]);
  }
  for (const agent of agents) agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  const answered = latencies.length;
  return {
    rps: Math.round(answered / options.duration),
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    errors,
    timeouts,
    non2xx: Object.entries(statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0),
    statusCodes,
    bytesPerRequest: answered ? Math.round(bytes / answered) : 0,
  };
}
