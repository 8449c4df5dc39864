/** The environment's new settings (docs/API.md, "Limits and headers"): the public origin and the timeouts. */
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  it('takes MWS_PUBLIC_ORIGIN as an origin only', () => {
    expect(readConfig({ MWS_PUBLIC_ORIGIN: 'https://console.example.com/' }).MWS_PUBLIC_ORIGIN).toBe(
      'https://console.example.com',
    );
    expect(readConfig({ MWS_PUBLIC_ORIGIN: 'http://localhost:8080' }).MWS_PUBLIC_ORIGIN).toBe('http://localhost:8080');
    expect(readConfig({}).MWS_PUBLIC_ORIGIN).toBeUndefined();
    expect(() => readConfig({ MWS_PUBLIC_ORIGIN: 'https://console.example.com/app' })).toThrow(
      /MWS_PUBLIC_ORIGIN: expected an origin only/,
    );
    expect(() => readConfig({ MWS_PUBLIC_ORIGIN: 'console.example.com' })).toThrow(/MWS_PUBLIC_ORIGIN/);
  });

  it('takes SMTP_URL as an smtp:// or smtps:// URL, unset or empty as the outbox', () => {
    const url = 'smtp://user:pass@mail.example.com:587?tls.rejectUnauthorized=false';
    expect(readConfig({ SMTP_URL: url }).SMTP_URL).toBe(url);
    expect(readConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(readConfig({}).MAIL_FROM).toContain('MWS Console');
    expect(() => readConfig({ SMTP_URL: 'mail.example.com:25' })).toThrow(/SMTP_URL: expected an smtp/);
  });

  it('takes TRUST_PROXY as addresses or CIDR ranges separated by commas, unset or empty as none', () => {
    expect(readConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1' }).TRUST_PROXY).toBe('10.0.0.5, 10.0.1.0/24,::1');
    expect(readConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(readConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(() => readConfig({ TRUST_PROXY: 'true; rm' })).toThrow(/TRUST_PROXY: expected addresses or CIDR ranges/);
  });

  it("takes MWS_API_BASE as a path or an http(s) URL (its origin goes into the pages' CSP)", () => {
    expect(readConfig({ MWS_API_BASE: 'https://api.example.com/api' }).MWS_API_BASE).toBe(
      'https://api.example.com/api',
    );
    expect(() => readConfig({ MWS_API_BASE: 'https://exa mple.com/api' })).toThrow(/MWS_API_BASE: expected a path/);
    expect(() => readConfig({ MWS_API_BASE: 'javascript:alert(1)' })).toThrow(/MWS_API_BASE: expected a path/);
  });

  it('has timeouts a slow browser never reaches, and refuses ones that would break the live stream', () => {
    const defaults = readConfig({});
    expect([
      defaults.HEADERS_TIMEOUT_SECONDS,
      defaults.REQUEST_TIMEOUT_SECONDS,
      defaults.IDLE_TIMEOUT_SECONDS,
      defaults.KEEP_ALIVE_TIMEOUT_SECONDS,
    ]).toEqual([20, 120, 60, 72]);
    expect(() => readConfig({ IDLE_TIMEOUT_SECONDS: '10' })).toThrow(
      /IDLE_TIMEOUT_SECONDS: must stay above the live stream's 20 s heartbeat/,
    );
    expect(() => readConfig({ HEADERS_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '10' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS/,
    );
  });

  it('takes the memory bounds as whole MiB and counts, refusing what would disable or break them', () => {
    const defaults = readConfig({});
    expect([
      defaults.RESPONSE_CACHE_MAX_MB,
      defaults.RESPONSE_CACHE_MAX_ENTRIES,
      defaults.SQLITE_CACHE_MB,
      defaults.SQLITE_MMAP_MB,
    ]).toEqual([64, 2000, 64, 1024]);
    const set = readConfig({
      RESPONSE_CACHE_MAX_MB: '16',
      RESPONSE_CACHE_MAX_ENTRIES: '500',
      SQLITE_CACHE_MB: '8',
      SQLITE_MMAP_MB: '0',
    });
    expect([
      set.RESPONSE_CACHE_MAX_MB,
      set.RESPONSE_CACHE_MAX_ENTRIES,
      set.SQLITE_CACHE_MB,
      set.SQLITE_MMAP_MB,
    ]).toEqual([16, 500, 8, 0]);
    expect(() => readConfig({ RESPONSE_CACHE_MAX_MB: '0' })).toThrow(/RESPONSE_CACHE_MAX_MB/);
    expect(() => readConfig({ RESPONSE_CACHE_MAX_ENTRIES: 'many' })).toThrow(/RESPONSE_CACHE_MAX_ENTRIES/);
    expect(() => readConfig({ SQLITE_CACHE_MB: '1.5' })).toThrow(/SQLITE_CACHE_MB/);
    expect(() => readConfig({ SQLITE_MMAP_MB: '-1' })).toThrow(/SQLITE_MMAP_MB/);
  });

  it('bounds the shutdown (SHUTDOWN_TIMEOUT_SECONDS, default 10) and takes the live stream caps', () => {
    const defaults = readConfig({});
    expect(defaults.SHUTDOWN_TIMEOUT_SECONDS).toBe(10);
    expect(defaults.LIVE_STREAMS_PER_USER).toBe(8);
    expect(defaults.LIVE_STREAMS_MAX).toBeUndefined();
    expect(readConfig({ SHUTDOWN_TIMEOUT_SECONDS: '2.5', LIVE_STREAMS_MAX: '100' })).toMatchObject({
      SHUTDOWN_TIMEOUT_SECONDS: 2.5,
      LIVE_STREAMS_MAX: 100,
    });
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_SECONDS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_SECONDS: '601' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => readConfig({ LIVE_STREAMS_PER_USER: '0' })).toThrow(/LIVE_STREAMS_PER_USER/);
    expect(() => readConfig({ LIVE_STREAMS_MAX: '1.5' })).toThrow(/LIVE_STREAMS_MAX/);
  });
});
