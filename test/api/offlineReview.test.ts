/**
 * Offlines with files and their review (docs/API.md "Offlines: files and review"): the vendor's translator uploads
 * the localized video into the order and adds it as an offline; its download is the bytes; someone else's upload is
 * refused; the studio rejects it with a reason (recorded on the offline and in the order's history), then approves
 * it; with the workflow's `requireOfflineApproval` the order cannot be complete until then (409 saying why).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, call, startServer, type TestServer } from '../support/server';
import { md5Of, testBytes } from '../support/uploads';
import { uploadWhole } from '../support/ingest';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; only the fields named are read
type Rec = Record<string, any>;
let wr: Rec;

beforeAll(async () => {
  server = await startServer();
  // An order in progress whose asset's workflow requires an approved offline, assigned to the demo translator.
  const inProgress = await call(server, 'GET', '/api/workrequests?status=in-progress', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-499' },
  });
  const translator = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body._id as string;
  // Lists show a summary of the asset: each order is read whole for its workflow.
  for (const row of inProgress.body as Rec[]) {
    const whole = (await call(server, 'GET', `/api/workrequests/${row._id}`, { as: DEMO.admin })).body as Rec;
    if (whole.asset?.workflow?.requireOfflineApproval !== true) continue;
    const assigned = await call(server, 'PUT', `/api/workrequests/${row._id}`, {
      as: DEMO.admin,
      body: { assignee: translator },
    });
    if (assigned.status !== 200) continue;
    wr = assigned.body as Rec;
    return;
  }
  throw new Error('the demo data has no in-progress order requiring offline approval');
});
afterAll(async () => server?.stop());

const complete = () =>
  call(server, 'PUT', `/api/workrequests/${wr._id}`, {
    as: DEMO.admin,
    body: { status: 'complete', reason: 'Delivered' },
  });

describe('an offline with its file, reviewed', () => {
  it('gates completion until approved, records the rejection, and downloads as the uploaded bytes', async () => {
    // No approved offline: the order cannot be complete, and stays as it was.
    const early = await complete();
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/needs an approved offline before the order is "complete"/);
    expect((await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: DEMO.admin })).body.status).toBe(
      'in-progress',
    );

    // Someone else's upload into the order is not the translator's to add as their offline.
    const theirs = await uploadWhole(server, testBytes(1000, 3), 'admin cut.mp4', { workrequest: wr._id }, DEMO.admin);
    const refused = await call(server, 'POST', '/api/offlines', {
      as: DEMO.translator,
      body: { workRequest: wr._id, file: theirs },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/not a file you uploaded into this order/);

    const bytes = testBytes(200_000, 11);
    const file = await uploadWhole(server, bytes, 'localized fr.mp4', { workrequest: wr._id }, DEMO.translator);
    const made = await call(server, 'POST', '/api/offlines', {
      as: DEMO.translator,
      body: { workRequest: wr._id, file },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ file, name: 'localized fr.mp4', kind: 'dialogue', review: 'pending' });
    const id = made.body._id as string;

    // The download is the file's bytes.
    const got = await fetch(server.url + (made.body.path as string));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('video/mp4');
    expect(md5Of(new Uint8Array(await got.arrayBuffer()))).toBe(md5Of(bytes));

    // A note on a frame of the offline: `offline` + `time`; bad ones are 400 and store nothing.
    const comments = async () =>
      (await call(server, 'GET', `/api/comments?workRequest=${wr._id}`, { as: DEMO.admin })).body.length as number;
    const before = await comments();
    for (const body of [
      { workRequest: wr._id, body: 'Title card', offline: id }, // no time
      { workRequest: wr._id, body: 'Title card', offline: id, time: -1 },
      { workRequest: wr._id, body: 'Title card', offline: 'f'.repeat(24), time: 3 },
      { workRequest: wr._id, body: 'Title card', offline: id, time: 3, line: 2 },
      { workRequest: wr._id, body: 'Title card', time: 3 }, // a time without what it is in
    ]) {
      const res = await call(server, 'POST', '/api/comments', { as: DEMO.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await comments()).toBe(before);
    const note = await call(server, 'POST', '/api/comments', {
      as: DEMO.admin,
      body: { workRequest: wr._id, body: 'The burnt-in title is misspelt here', offline: id, time: 72.48 },
    });
    expect(note.status).toBe(200);
    expect(note.body).toMatchObject({ offline: id, time: 72.48, body: 'The burnt-in title is misspelt here' });

    // The translator does not judge their own offline; a rejection says why.
    const own = await call(server, 'POST', `/api/offlines/${id}/review`, {
      as: DEMO.translator,
      body: { verdict: 'approved' },
    });
    expect(own.status).toBe(403);
    const bare = await call(server, 'POST', `/api/offlines/${id}/review`, {
      as: DEMO.admin,
      body: { verdict: 'rejected' },
    });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.body.error)).toMatch(/reason: required when rejecting/);

    const rejected = await call(server, 'POST', `/api/offlines/${id}/review`, {
      as: DEMO.admin,
      body: { verdict: 'rejected', reason: 'Burnt-in title misspelt at 00:01:12' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.review).toBe('rejected');
    expect(rejected.body.rejections).toEqual([
      expect.objectContaining({ reason: 'Burnt-in title misspelt at 00:01:12' }),
    ]);
    const after = (await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: DEMO.admin })).body as Rec;
    expect(after.history.at(-1)).toMatchObject({
      status: 'in-progress',
      reason: 'Offline localized fr.mp4 rejected: Burnt-in title misspelt at 00:01:12',
    });
    expect((await complete()).status).toBe(409);

    const approved = await call(server, 'POST', `/api/offlines/${id}/review`, {
      as: DEMO.admin,
      body: { verdict: 'approved' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ review: 'approved', approval: { user: { _id: expect.any(String) } } });
    expect(approved.body.rejections).toHaveLength(1);

    const done = await complete();
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('complete');
  });

  it('refuses an offline of a file that is not one', async () => {
    const res = await call(server, 'POST', '/api/offlines', {
      as: DEMO.translator,
      body: { workRequest: wr._id, file: 'f'.repeat(24) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/not a file you uploaded into this order/);
  });
});
