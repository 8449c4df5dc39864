/**
 * Embargoes (docs/API.md "Embargoes"): a file under embargo gets no link for a person it holds, an old link is
 * refused, the asset's previews are held too, the asset says `$embargo`; staff still reach it; an access request
 * tells the admins (once, rate-limited); a lift — by an admin or by time — tells the coordinators and who asked.
 * The lift by time is polled for (the sweep runs every 0.3 s here), never slept on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, startServer, type Account, type TestServer } from '../support/server';
import { waitFor } from '../support/balancer';
import { assetNamed, grantDownload } from '../support/catalog';
import { REQUESTS_PER_WINDOW } from '../../server/domain/embargoNotices';

let server: TestServer;
const HOUR = 3600;
const nowS = () => Math.floor(Date.now() / 1000);

/** Raw GET of a signed link, without credentials. */
const fetchLink = async (link: string) => {
  const res = await fetch(server.url + link);
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : undefined };
};

/** The notifications of a type that a person has about a file (newest first). */
async function noticesAbout(as: Account, type: string, fileId: string) {
  const res = await call(server, 'GET', `/api/notifications?type=${type}`, {
    as,
    headers: { 'X-Range': 'resources=0-199' },
  });
  expect(res.status).toBe(200);
  return (res.body as { event: { assets: { file?: string }[] } }[]).filter((n) =>
    n.event.assets.some((a) => a.file === fileId),
  );
}

const setEmbargo = (fileId: string, embargo: Record<string, unknown>, as: Account = DEMO.admin) =>
  call(server, 'PUT', `/api/files/${fileId}`, { as, body: { embargo } });

let assetId: string;
let fileId: string;
let oldFileLink: string;
let oldClipLink: string;

beforeAll(async () => {
  server = await startServer({ EMBARGO_SWEEP_SECONDS: '0.3' });
  const asset = await assetNamed(server, 'KOS', 'Main Trailer 2');
  assetId = asset._id;
  fileId = asset.$thumbnail._id;
  // The translator (not staff) may download this asset and one the demo data holds under embargo.
  const all = await call(server, 'GET', '/api/assets/countByProject', { headers: { 'X-Range': 'resources=0-199' } });
  const demoHeld = (all.body as { _id: string; $embargo: boolean }[]).find((a) => a.$embargo && a._id !== assetId)!;
  const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
  await grantDownload(server, DEMO.admin, { _id: me._id, name: me.name, emailNormal: me.emailNormal }, [
    asset,
    demoHeld,
  ]);
  // Links made before any embargo, as a translator got them.
  oldFileLink = (await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.translator })).body.path;
  const previews = await call(server, 'GET', `/api/previews?asset=${assetId}`, { as: DEMO.translator });
  oldClipLink = previews.body.find((p: { media?: unknown }) => p.media).path;
  expect((await fetchLink(oldFileLink)).status).toBe(200);
}, 90_000);
afterAll(() => server?.stop());

describe('the demo data', () => {
  it('assets whose files are under embargo say $embargo true, and their files are locked for a translator', async () => {
    const assets = await call(server, 'GET', '/api/assets/countByProject', {
      as: DEMO.translator,
      headers: { 'X-Range': 'resources=0-199' },
    });
    const held = (assets.body as { _id: string; $embargo: boolean; $flags: string[] }[]).filter((a) => a.$embargo);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((a) => a.$flags.includes('embargoed'))).toBe(true);
    const files = await call(server, 'GET', `/api/files?asset=${held[0]!._id}`, { as: DEMO.translator });
    const locked = (files.body as { $embargo?: { locked: boolean; until: number }; path?: string }[]).filter(
      (f) => f.$embargo,
    );
    expect(locked.length).toBeGreaterThan(0);
    for (const f of locked) {
      expect(f.$embargo!.locked).toBe(true);
      expect(f.$embargo!.until).toBeGreaterThan(nowS());
      expect(f.path).toBeUndefined();
    }
  });
});

describe('a file put under embargo', () => {
  let end: number;
  beforeAll(async () => {
    end = nowS() + HOUR;
    const put = await setEmbargo(fileId, { event: false, end });
    expect(put.status).toBe(200);
  });

  it('has no link for a translator: the record says locked, until when', async () => {
    const file = await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.translator });
    expect(file.status).toBe(200);
    expect(file.body.path).toBeUndefined();
    expect(file.body.$embargo).toEqual({ until: end, event: false, locked: true, requested: false });
    expect(file.body.$flags).toContain('embargoed');
    for (const internal of ['embargoSetBy', 'embargoRequests', 'embargoLiftNotified'])
      expect(file.body[internal]).toBeUndefined();
  });

  it('refuses a link made before the embargo was set, the file’s and its asset’s previews’', async () => {
    const file = await fetchLink(oldFileLink);
    expect(file.status).toBe(403);
    expect(file.body.error.code).toBe('embargoed');
    expect(file.body.error.details).toEqual({ until: end, event: false });
    const clip = await fetchLink(oldClipLink);
    expect(clip.status).toBe(403);
    expect(clip.body.error.code).toBe('embargoed');
  });

  it('makes its asset say $embargo true, until when, and its previews locked', async () => {
    const asset = await call(server, 'GET', `/api/assets/${assetId}`, { as: DEMO.translator });
    expect(asset.body.$embargo).toBe(true);
    expect(asset.body.$embargoUntil).toBe(end);
    expect(asset.body.$flags).toContain('embargoed');
    // The file is the asset's thumbnail: no image link for the translator; staff's link (theirs) still works.
    expect(asset.body.$thumbnail).toBeUndefined();
    const asAdmin = await call(server, 'GET', `/api/assets/${assetId}`, { as: DEMO.admin });
    expect((await fetchLink(asAdmin.body.$thumbnail.path)).status).toBe(200);
    const previews = await call(server, 'GET', `/api/previews?asset=${assetId}`, { as: DEMO.translator });
    for (const p of previews.body) {
      expect(p.path).toBeUndefined();
      expect(p.media).toBeUndefined();
      expect(p.$embargo).toMatchObject({ until: end, locked: true });
    }
  });

  it('still reaches the admin and the studio’s coordinator, through their own links (checked on every use)', async () => {
    for (const as of [DEMO.admin, DEMO.coordinator]) {
      const file = await call(server, 'GET', `/api/files/${fileId}`, { as });
      expect(file.body.$embargo).toMatchObject({ until: end, locked: false });
      expect((await fetchLink(file.body.path)).status).toBe(200);
      const previews = await call(server, 'GET', `/api/previews?asset=${assetId}`, { as });
      const clip = previews.body.find((p: { media?: unknown }) => p.media);
      expect((await fetchLink(clip.path)).status).toBe(200);
    }
  });

  it('refuses the held person’s link with another person put in (a staff member the embargo does not hold)', async () => {
    const admin = (await call(server, 'GET', '/api/users/me', { as: DEMO.admin })).body._id as string;
    const swapped = oldFileLink.replace(/user=[0-9a-f]+/, `user=${admin}`);
    expect(swapped).not.toBe(oldFileLink);
    expect((await fetchLink(swapped)).status).toBe(403);
  });
});

describe('access requests and lifts', () => {
  it('a translator’s request tells the admins and the coordinators, once; a second is 409', async () => {
    const before = (await noticesAbout(DEMO.admin, 'embargo-request', fileId)).length;
    const asked = await call(server, 'POST', `/api/files/${fileId}/accessRequests`, { as: DEMO.translator });
    expect(asked.status).toBe(201);
    expect(asked.body.$embargo).toMatchObject({ locked: true, requested: true });
    expect(asked.body.path).toBeUndefined();
    expect(await noticesAbout(DEMO.admin, 'embargo-request', fileId)).toHaveLength(before + 1);
    expect(await noticesAbout(DEMO.coordinator, 'embargo-request', fileId)).toHaveLength(1);
    const again = await call(server, 'POST', `/api/files/${fileId}/accessRequests`, { as: DEMO.translator });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_requested');
    expect(await noticesAbout(DEMO.admin, 'embargo-request', fileId)).toHaveLength(before + 1);
    // The record tells the translator it was asked.
    const file = await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.translator });
    expect(file.body.$embargo.requested).toBe(true);
  });

  it('is refused for staff (not held) and for a file under no embargo', async () => {
    const staff = await call(server, 'POST', `/api/files/${fileId}/accessRequests`, { as: DEMO.coordinator });
    expect(staff.status).toBe(409);
    const files = await call(server, 'GET', `/api/files?asset=${assetId}`, { as: DEMO.translator });
    const free = files.body.find((f: { _id: string; $embargo?: unknown }) => f._id !== fileId && !f.$embargo);
    if (free) {
      const res = await call(server, 'POST', `/api/files/${free._id}/accessRequests`, { as: DEMO.translator });
      expect(res.status).toBe(409);
    }
  });

  it('an admin lifting it tells the coordinator and the translator who asked, not the admin', async () => {
    const put = await setEmbargo(fileId, { event: false });
    expect(put.status).toBe(200);
    expect(put.body.$embargo).toBeUndefined();
    const toTranslator = await noticesAbout(DEMO.translator, 'embargo', fileId);
    expect(toTranslator).toHaveLength(1);
    expect(await noticesAbout(DEMO.coordinator, 'embargo', fileId)).toHaveLength(1);
    expect(await noticesAbout(DEMO.admin, 'embargo', fileId)).toHaveLength(0);
    // The link works again: the file, and the asset's previews.
    const file = await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.translator });
    expect((await fetchLink(file.body.path)).status).toBe(200);
    expect((await fetchLink(oldFileLink)).status).toBe(200);
    const asset = await call(server, 'GET', `/api/assets/${assetId}`, { as: DEMO.translator });
    expect(asset.body.$embargo).toBe(false);
  });

  it('an event embargo without an end holds until an admin lifts it', async () => {
    expect((await setEmbargo(fileId, { event: true })).status).toBe(200);
    const file = await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.translator });
    expect(file.body.$embargo).toEqual({ until: null, event: true, locked: true, requested: false });
    expect((await fetchLink(oldFileLink)).status).toBe(403);
    const asset = await call(server, 'GET', `/api/assets/${assetId}`, { as: DEMO.translator });
    expect(asset.body.$embargo).toBe(true);
    expect(asset.body.$embargoUntil).toBeUndefined();
    expect((await setEmbargo(fileId, { event: false })).status).toBe(200);
    expect((await fetchLink(oldFileLink)).status).toBe(200);
  });

  it('time passing lifts it: the coordinator and who asked are told once', async () => {
    const before = (await noticesAbout(DEMO.coordinator, 'embargo', fileId)).length;
    // Seconds ahead: long enough for the request below to find it in force on a loaded machine.
    const end = nowS() + 3;
    expect((await setEmbargo(fileId, { event: false, end })).status).toBe(200);
    expect((await call(server, 'POST', `/api/files/${fileId}/accessRequests`, { as: DEMO.translator })).status).toBe(
      201,
    );
    const told = await waitFor(
      'the lift by time is told',
      async () => {
        const n = await noticesAbout(DEMO.translator, 'embargo', fileId);
        return n.length === 2 ? n : undefined;
      },
      20_000,
    );
    expect(told).toHaveLength(2);
    expect(await noticesAbout(DEMO.coordinator, 'embargo', fileId)).toHaveLength(before + 1);
    const file = await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.translator });
    expect(file.body.$embargo).toBeUndefined();
    expect((await fetchLink(file.body.path)).status).toBe(200);
  });

  it('an end set in the past never held: nobody is told', async () => {
    const before = (await noticesAbout(DEMO.coordinator, 'embargo', fileId)).length;
    expect((await setEmbargo(fileId, { event: false, end: nowS() - HOUR })).status).toBe(200);
    // A later lift on the same file is told (the sweep ran past the past end meanwhile): then count.
    const end = nowS() + 1;
    expect((await setEmbargo(fileId, { event: false, end })).status).toBe(200);
    await waitFor(
      'the later lift is told',
      async () => {
        const n = await noticesAbout(DEMO.coordinator, 'embargo', fileId);
        return n.length > before ? n : undefined;
      },
      20_000,
    );
    expect(await noticesAbout(DEMO.coordinator, 'embargo', fileId)).toHaveLength(before + 1);
  });
});

describe('the access request limit', () => {
  it('a person making more than the limit of requests an hour gets 429, and no notice is made', async () => {
    // The translator (held by the embargo, and granted the file) asks again and again; the requests they made in
    // the tests above count in the same hour.
    const client = DEMO.translator;
    const statuses: string[] = [];
    for (let i = 0; i <= REQUESTS_PER_WINDOW && statuses.at(-1) !== '429'; i++) {
      const put = await call(server, 'PUT', `/api/files/${fileId}`, {
        as: DEMO.admin,
        body: { embargo: { event: false, end: nowS() + HOUR + i } },
      });
      expect(put.status).toBe(200);
      // Each round the client's request for this embargo is cleared by an admin lift, so it may ask again.
      const res = await call(server, 'POST', `/api/files/${fileId}/accessRequests`, { as: client });
      statuses.push(String(res.status));
      await setEmbargo(fileId, { event: false });
    }
    expect(statuses.at(-1)).toBe('429');
    expect(statuses.slice(0, -1).every((s) => s === '201')).toBe(true);
    expect(statuses.length - 1).toBeGreaterThan(REQUESTS_PER_WINDOW / 2);
  });
});
