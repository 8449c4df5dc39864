/**
 * Watermarks under attack (docs/API.md, "Watermarks"): the person a link is bound to cannot be swapped or dropped,
 * and a hostile name (quotes, colons, backslashes, `%{…}`, brackets, a filter chain, a newline) is drawn as text:
 * it neither breaks ffmpeg's filter graph nor adds to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';
import { changedPixels, clipAs, fetchLink, frame, originalPoster } from '../support/watermark';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 90_000);
afterAll(() => server?.stop());

describe('a bound link', () => {
  it('cannot swap the person of a link for a staff member (who sees it clean): the signature covers it', async () => {
    const admin = await call(server, 'GET', '/api/users/me', { as: DEMO.admin });
    const clip = await clipAs(server, ROLE_ACCOUNTS.translator);
    expect((await fetchLink(server, clip.media.poster)).res.status).toBe(200);
    const swapped = clip.path.replace(/user=[0-9a-f]+/, `user=${admin.body._id as string}`);
    expect(swapped).not.toBe(clip.path);
    expect((await fetchLink(server, swapped)).res.status).toBe(403);
    const dropped = clip.path.replace(/&user=[0-9a-f]+/, '');
    expect(dropped).not.toBe(clip.path);
    expect((await fetchLink(server, dropped)).res.status).toBe(403);
  });
});

describe('a hostile name', () => {
  it('is drawn as text: quotes, colons, backslashes, %{…}, brackets and newlines neither break nor add filters', async () => {
    const me = await call(server, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.client });
    const hostile = "O'Brien: \\'a\\:b %{pts} %{eif\\:1\\:d} [x];drawbox=c=red:t=fill,\nnull:fontfile=/etc/passwd";
    const put = await call(server, 'PUT', `/api/users/${me.body._id as string}`, {
      as: DEMO.admin,
      body: { name: hostile },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const clip = await clipAs(server, ROLE_ACCOUNTS.client);
    const poster = await fetchLink(server, clip.media.poster);
    expect(poster.res.status, poster.bytes.toString().slice(0, 300)).toBe(200);
    const marked = frame(poster.bytes, 0);
    // An injected `drawbox ... t=fill` would paint the whole picture: most pixels stay as they were.
    expect(changedPixels(marked, frame(originalPoster, 0))).toBeLessThan(160 * 90 * 0.3);
    expect(changedPixels(marked, frame(originalPoster, 0))).toBeGreaterThan(40);
  }, 60_000);
});
