/**
 * Limits on what a request may look like before any route reads it (docs/API.md, "Limits and headers"): how long
 * a client may take to send it (slow clients hold connections), how long its URL may be, the shape of its query
 * string and of its Host header, and the JSON answer for the problems Node's HTTP parser finds itself.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, type ErrorCode } from './errors';
import { API_POLICY } from './securityHeaders';

/** Seconds-based timeouts of the HTTP server, in milliseconds here. */
export interface ServerTimeouts {
  /** To send the request line and headers. */
  headersMs: number;
  /** To send the whole request, body included. A response may take as long as it needs (the live stream does). */
  requestMs: number;
  /** With no traffic either way; above the live stream's 20 s heartbeat. */
  idleMs: number;
  /** For a kept-alive connection's next request. */
  keepAliveMs: number;
}

/**
 * 120 s for a request lets a 1 MiB body through at 70 kbit/s; 20 s for headers is far above what a few hundred
 * bytes take on any link. Keep-alive stays at Fastify's 72 s, above the 60 s idle timeout of common load balancers.
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
};

/** The Fastify options that apply the timeouts. */
export function timeoutOptions(t: ServerTimeouts) {
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: t.headersMs,
      // Node checks the header and request timeouts on this interval (30 s by default, which would let a
      // 20 s limit run to 50 s).
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, t.headersMs / 4)),
    },
  };
}

export const MAX_URL_LENGTH = 8 * 1024;

/**
 * A host name (underscores too: container names have them), IPv4 or [IPv6] literal, with an optional port: nothing
 * that could carry a path, quotes or markup into links.
 */
const HOST = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

const LIST_HINT = 'give it once (a comma-separated list where several values are allowed)';

/** 414 for a long URL, 400 for a malformed Host header or an /api query string this interface does not speak. */
export function checkRequestShape(request: FastifyRequest): void {
  if (request.url.length > MAX_URL_LENGTH) {
    throw new HttpError(414, 'uri_too_long', `the URL is over ${MAX_URL_LENGTH} characters`);
  }
  const host = request.headers.host;
  if (host !== undefined && !HOST.test(host))
    throw badRequest('Host: expected a host name or address with an optional port');
  if (!request.url.startsWith('/api')) return;
  for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (/[[\]]/.test(name))
      throw badRequest(`query: "${name.slice(0, 60)}": brackets are not understood; ${LIST_HINT}`);
    if (Array.isArray(value))
      throw badRequest(`query: "${name.slice(0, 60)}" is given ${value.length} times; ${LIST_HINT}`);
  }
}

function clientErrorAnswer(
  error: NodeJS.ErrnoException,
  timeouts: ServerTimeouts,
): { status: number; code: ErrorCode; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      code: 'request_timeout',
      message: `the request was not received within ${timeouts.requestMs / 1000} s (headers: ${timeouts.headersMs / 1000} s)`,
    };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      code: 'headers_too_large',
      message: `the request line and headers are over ${http.maxHeaderSize / 1024} KiB`,
    };
  }
  return { status: 400, code: 'bad_request', message: 'malformed HTTP request' };
}

/**
 * Fastify's `clientErrorHandler`: problems found by Node's HTTP parser (a request too slow, headers too large,
 * bad syntax) answered in the interface's JSON error shape, then the connection is closed.
 */
export function clientErrorHandler(timeouts: ServerTimeouts) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // Node's own private link from a socket to the response being written on it, if any.
    const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !response?.headersSent) {
      const { status, code, message } = clientErrorAnswer(error, timeouts);
      const body = JSON.stringify({ error: { code, message } });
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

/**
 * Fastify's `frameworkErrors`: URLs its router cannot take (bad percent-encoding, a path segment over 100
 * characters), answered in the interface's error shape. No hook runs for these, so the headers are set here.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .status(tooLong ? 414 : 400)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', API_POLICY)
    .send({
      error: tooLong
        ? { code: 'uri_too_long', message: 'a path segment is over 100 characters' }
        : { code: 'bad_request', message: 'the URL path is not valid percent-encoding' },
    });
}
