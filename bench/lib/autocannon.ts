/** One autocannon run, reduced to the numbers the report shows. */
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts (no answer). */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers by status code. */
  statusCodes: Record<string, number>;
  bytesPerRequest: number;
}

/** A request chosen per call (autocannon's `setupRequest`), and what to do with its answer. */
export interface DynamicRequest {
  /** Called before each request with the connection's context (kept until its answer, then emptied). */
  setupRequest: (request: autocannon.Request, context: object) => autocannon.Request;
  onResponse?: (status: number, body: string, context: object, headers: autocannon.Request['headers']) => void;
}

export async function load(options: {
  /** Several URLs: the connections are dealt among them in turn (autocannon's own split), one histogram for all. */
  url: string | string[];
  method?: 'GET' | 'PUT' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Instead of one fixed request. */
  dynamic?: DynamicRequest;
  connections?: number;
  duration?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    // autocannon's types say string; its code takes an array and gives connection i the URL i mod n.
    url: options.url as string,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    ...(options.dynamic
      ? {
          requests: [
            {
              setupRequest: options.dynamic.setupRequest,
              onResponse: options.dynamic.onResponse,
            },
          ],
        }
      : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
    ),
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}
