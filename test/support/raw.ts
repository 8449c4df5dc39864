/** Requests through node:http in API tests, so an answer's bytes and headers are exactly what the server sent. */
import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'vitest';

export interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** One request through node:http, so the answer's bytes and headers are exactly what the server sent. */
export function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export function decode(r: Raw): Buffer {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(r.body);
  if (encoding === 'gzip') return zlib.gunzipSync(r.body);
  expect(encoding).toBeUndefined();
  return r.body;
}
