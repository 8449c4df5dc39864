/**
 * Deliveries (docs/API.md "Deliveries"): the assignee uploads a final file into the order and attaches it by format;
 * bad input and others' files are refused and change nothing; a file delivered by mistake is removed with a reason
 * (its links stop working); the requester and the studio download it at once, the
 * recipients once the order is complete (the move that delivers it, and tells them); every download is a record the
 * downloads report reads. Also the graphics gate: `requireGraphicsApproval` keeps an order with a graphics
 * translation from `complete` until a graphics offline is approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ROLE_ACCOUNTS, call, startServer, type Account, type TestServer } from '../support/server';
import { md5Of, testBytes } from '../support/uploads';
import { uploadWhole } from '../support/ingest';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; only the fields named are read
type Rec = Record<string, any>;
const { client, sam, translator } = ROLE_ACCOUNTS;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

/** The first in-progress order (read whole) the test may use, assigned to the demo translator. */
async function assignedOrder(as: Account, fits: (wr: Rec) => boolean): Promise<Rec> {
  const rows = await call(server, 'GET', '/api/workrequests?status=in-progress', {
    as,
    headers: { 'X-Range': 'resources=0-499' },
  });
  const translatorId = (await call(server, 'GET', '/api/users/me', { as: translator })).body._id as string;
  for (const row of rows.body as Rec[]) {
    const whole = (await call(server, 'GET', `/api/workrequests/${row._id}`, { as: DEMO.admin })).body as Rec;
    if (!fits(whole)) continue;
    const assigned = await call(server, 'PUT', `/api/workrequests/${row._id}`, {
      as: DEMO.admin,
      body: { assignee: translatorId },
    });
    if (assigned.status === 200) return assigned.body as Rec;
  }
  throw new Error('the demo data has no in-progress order that fits');
}

/** Polls until `read` answers something (download records are written in batches, within a second or so). */
async function eventually<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not seen in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stored = async (id: string) =>
  (await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.admin })).body as Rec;

describe('deliveries', () => {
  it('attach by the assignee, download by the requester and, once complete, the recipients; every download recorded', async () => {
    // An order the client places, with another studio's coordinator among its recipients, on an asset without the
    // offline gates (so the studio may complete it), assigned to the translator and started.
    const mine = await call(server, 'GET', '/api/workrequests', {
      as: client,
      headers: { 'X-Range': 'resources=0-99' },
    });
    const template = (mine.body as Rec[]).find(
      (w) => !w.asset?.workflow?.requireOfflineApproval && !w.asset?.workflow?.requireGraphicsApproval,
    )!;
    const translatorId = (await call(server, 'GET', '/api/users/me', { as: translator })).body._id as string;
    const placed = await call(server, 'POST', '/api/workrequests', {
      as: client,
      body: {
        asset: template.asset._id,
        language: template.language,
        territory: template.territory,
        dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
        due: { date: Math.floor(Date.now() / 1000) + 10 * 86400, tz: 'Europe/Paris' },
        recipients: { Online: [{ name: 'Sam Okafor', email: 'Sam.Okafor@harborlane.test' }] },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const started = await call(server, 'PUT', `/api/workrequests/${placed.body._id}`, {
      as: DEMO.admin,
      body: { status: 'in-progress', reason: 'Work starts', assignee: translatorId },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const wr = started.body as Rec;
    const path = `/api/workrequests/${wr._id}/deliveries`;
    const bytes = testBytes(50_000, 7);
    const file = await uploadWhole(server, bytes, 'final fr.srt', { workrequest: wr._id }, translator);
    const others = await uploadWhole(server, testBytes(100, 8), 'studio copy.srt', { workrequest: wr._id }, DEMO.admin);
    const before = await stored(wr._id);

    // Bad input: 400, nothing stored.
    for (const body of [
      { format: '', file },
      { format: 'SRT', file: 'not-an-id' },
      { format: 'SRT' },
      { format: 'SRT', file, extra: 1 },
      { format: 'x'.repeat(81), file },
      { format: 'SRT', file: others }, // the studio's upload is not the translator's to attach
      { format: 'SRT', file: 'f'.repeat(24) },
    ]) {
      const res = await call(server, 'POST', path, { as: translator, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBeTruthy();
    }
    // The requester does not attach (403); another studio's coordinator does not see the order (404).
    expect((await call(server, 'POST', path, { as: client, body: { format: 'SRT', file } })).status).toBe(403);
    expect((await call(server, 'POST', path, { as: sam, body: { format: 'SRT', file } })).status).toBe(404);
    const unchanged = await stored(wr._id);
    expect(unchanged.files).toEqual(before.files);
    expect(unchanged.history).toHaveLength(before.history.length);

    const attached = await call(server, 'POST', path, { as: translator, body: { format: 'SRT', file } });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ mayAttach: true, mayDownload: false });
    const srt = attached.body.items.find((g: Rec) => g.name === 'SRT');
    expect(srt.files).toEqual([expect.objectContaining({ _id: file, name: 'final fr.srt', md5: md5Of(bytes) })]);
    expect(srt.files[0].path).toBeUndefined(); // the assignee downloads nothing through it
    // Again: no change.
    const again = await call(server, 'POST', path, { as: translator, body: { format: 'SRT', file } });
    expect(again.body.items.find((g: Rec) => g.name === 'SRT').files).toHaveLength(1);
    const after = await stored(wr._id);
    expect(after.files).toContainEqual({ name: 'SRT', files: [file] });
    expect(after.history.at(-1).reason).toBe('Attached final fr.srt to the SRT delivery');

    // The requester downloads the bytes; the download is recorded, in the asset's downloads and in the report.
    const theirs = await call(server, 'GET', path, { as: client });
    expect(theirs.status).toBe(200);
    const link = theirs.body.items.find((g: Rec) => g.name === 'SRT').files[0].path as string;
    const got = await fetch(server.url + link);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain('final fr.srt');
    expect(md5Of(new Uint8Array(await got.arrayBuffer()))).toBe(md5Of(bytes));
    const clientId = (await call(server, 'GET', '/api/users/me', { as: client })).body._id as string;
    const today = new Date().toISOString().slice(0, 10);
    const report = await eventually(async () => {
      const r = await call(server, 'GET', `/api/reports/downloads?from=${today}&to=${today}`, { as: DEMO.admin });
      const row = (r.body.latest as Rec[]).find((d) => d.file === file);
      return row ? r.body : undefined;
    });
    expect(report.latest.find((d: Rec) => d.file === file)).toMatchObject({
      kind: 'download',
      user: clientId,
      workRequest: wr._id,
    });
    const records = await call(server, 'GET', `/api/assets/${wr.asset._id}/downloads`, { as: DEMO.admin });
    expect(records.body).toContainEqual(expect.objectContaining({ file, workRequest: wr._id, kind: 'download' }));

    // The assignee takes back their own file attached by mistake while the order is worked on; a reason is required.
    const wrong = await uploadWhole(server, testBytes(300, 9), 'wrong cut.srt', { workrequest: wr._id }, translator);
    expect(
      (await call(server, 'POST', path, { as: translator, body: { format: 'EBU-STL', file: wrong } })).status,
    ).toBe(200);
    for (const query of ['', '?reason=', '?reason=%20%20', `?reason=${'x'.repeat(2001)}`]) {
      const res = await call(server, 'DELETE', `${path}/${wrong}${query}`, { as: translator });
      expect(res.status, query).toBe(400);
      expect(res.body.error.message).toMatch(/^reason: /);
    }
    // The requester removes nothing (403); the translator not the studio's file (403).
    expect((await call(server, 'DELETE', `${path}/${wrong}?reason=no`, { as: client })).status).toBe(403);
    const removedOwn = await call(server, 'DELETE', `${path}/${wrong}?reason=${encodeURIComponent('Wrong cut')}`, {
      as: translator,
    });
    expect(removedOwn.status, JSON.stringify(removedOwn.body)).toBe(200);
    expect(removedOwn.body.items.map((g: Rec) => g.name)).toEqual(['SRT']); // the emptied format is gone
    expect((await stored(wr._id)).history.at(-1).reason).toBe(
      'Removed wrong cut.srt from the EBU-STL delivery: Wrong cut',
    );
    // Not delivered (any more): 404.
    expect((await call(server, 'DELETE', `${path}/${wrong}?reason=again`, { as: translator })).status).toBe(404);

    // The recipient of another studio: nothing before the delivery (404), then told, and downloads.
    const samId = (await call(server, 'GET', '/api/users/me', { as: sam })).body._id as string;
    expect((await call(server, 'GET', path, { as: sam })).status).toBe(404);
    const done = await call(server, 'PUT', `/api/workrequests/${wr._id}`, {
      as: DEMO.admin,
      body: { status: 'complete', reason: 'Delivered' },
    });
    expect(done.status).toBe(200);
    for (const [who, id] of [
      [sam, samId],
      [client, clientId],
    ] as const) {
      const inbox = await call(server, 'GET', '/api/notifications?type=delivery', { as: who });
      expect(inbox.status).toBe(200);
      expect(inbox.body, id).toContainEqual(
        expect.objectContaining({ type: 'delivery', title: expect.stringContaining('delivered') }),
      );
    }
    // Sam does not see the order itself: the notification leads to its deliveries, which name the order for them.
    const samNotice = (await call(server, 'GET', '/api/notifications?type=delivery', { as: sam })).body.find(
      (n: Rec) => n.event?.workRequest?._id === wr._id,
    );
    expect(samNotice.event.urls.view).toBe(`/work-requests/${wr._id}/deliveries`);
    expect((await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: sam })).status).toBe(404);
    const samReads = await call(server, 'GET', path, { as: sam });
    expect(samReads.status).toBe(200);
    expect(samReads.body.workRequest).toEqual({
      _id: wr._id,
      asset: wr.asset.name,
      language: wr.language,
      territory: wr.territory,
      status: 'complete',
      mayOpen: false,
    });
    expect(samReads.body.mayRemove).toBe(false);
    expect((await call(server, 'GET', path, { as: client })).body.workRequest.mayOpen).toBe(true);
    const samLink = samReads.body.items.find((g: Rec) => g.name === 'SRT').files[0].path as string;
    expect((await fetch(server.url + samLink)).status).toBe(200);
    // Complete: nothing more is attached.
    const late = await call(server, 'POST', path, { as: DEMO.admin, body: { format: 'EBU-STL', file: others } });
    expect(late.status).toBe(409);
    // The translator's own link is refused: they are not among those who download.
    expect((await call(server, 'GET', path, { as: translator })).body.mayDownload).toBe(false);

    // Removal after the delivery: not by a recipient nor (complete) by the assignee; by the studio, with its reason.
    // The order stays complete, the history says it, and the links already given stop working.
    expect((await call(server, 'DELETE', `${path}/${file}?reason=no`, { as: sam })).status).toBe(403);
    expect((await call(server, 'DELETE', `${path}/${file}?reason=no`, { as: translator })).status).toBe(403);
    expect((await fetch(server.url + samLink)).status).toBe(200);
    const removed = await call(
      server,
      'DELETE',
      `${path}/${file}?reason=${encodeURIComponent('Delivered by mistake')}`,
      {
        as: DEMO.admin,
      },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.items).toEqual([]);
    const afterRemoval = await stored(wr._id);
    expect(afterRemoval.status).toBe('complete');
    expect(afterRemoval.files ?? []).toEqual([]);
    expect(afterRemoval.history.at(-1)).toMatchObject({
      status: 'complete',
      reason: 'Removed final fr.srt from the SRT delivery: Delivered by mistake',
    });
    expect((await fetch(server.url + samLink)).status).toBe(404);
    expect((await fetch(server.url + link)).status).toBe(404);
  });
});

describe('the graphics gate', () => {
  it('keeps an order with a graphics translation from complete until a graphics offline is approved', async () => {
    const wr = await assignedOrder(
      DEMO.admin,
      (w) =>
        Boolean(w.graphicsTranslation) &&
        w.asset?.workflow?.requireGraphicsApproval === true &&
        !w.asset?.workflow?.requireOfflineApproval,
    );
    const complete = () =>
      call(server, 'PUT', `/api/workrequests/${wr._id}`, {
        as: DEMO.admin,
        body: { status: 'complete', reason: 'Done' },
      });

    const early = await complete();
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/needs an approved graphics offline/);
    expect((await stored(wr._id)).status).toBe('in-progress');

    // A dialogue offline approved is not enough.
    const dialogue = await uploadWhole(server, testBytes(1000, 1), 'dialogue.mp4', { workrequest: wr._id }, translator);
    const d = await call(server, 'POST', '/api/offlines', {
      as: translator,
      body: { workRequest: wr._id, file: dialogue },
    });
    expect(d.status).toBe(200);
    expect(
      (
        await call(server, 'POST', `/api/offlines/${d.body._id}/review`, {
          as: DEMO.admin,
          body: { verdict: 'approved' },
        })
      ).status,
    ).toBe(200);
    expect((await complete()).status).toBe(409);

    const graphics = await uploadWhole(server, testBytes(1000, 2), 'graphics.mp4', { workrequest: wr._id }, translator);
    const g = await call(server, 'POST', '/api/offlines', {
      as: translator,
      body: { workRequest: wr._id, file: graphics, kind: 'graphics' },
    });
    expect(g.status).toBe(200);
    expect(
      (
        await call(server, 'POST', `/api/offlines/${g.body._id}/review`, {
          as: DEMO.admin,
          body: { verdict: 'approved' },
        })
      ).status,
    ).toBe(200);
    expect((await complete()).status).toBe(200);
  });
});
