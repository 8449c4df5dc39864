/**
 * The attack suite's crash and concurrency checks (docs/decisions/131-tests-real-server-both-stores.md):
 *
 * - kill -9 during writes: a stream of concurrent writes (comments, translation saves with If-Match, status
 *   changes) runs against the real server, which is SIGKILLed mid-stream and started again on the same data
 *   directory. Every write the client saw acknowledged (a 2xx received) must be there; a write in flight may or
 *   may not be, but whole: a record is either at its acknowledged version or at most one write further, with the
 *   content of that write. Every row must be a whole record, what one write changes in two places (a translation
 *   and its work request's summary) must agree, and what a write causes (its events) must have landed with it.
 *   Runs on both stores (vitest.config.ts, projects `sqlite` and `postgres`), reading the database beside the
 *   server (test/support/database.ts). On SQLite, where the killed process was the database engine, the file must
 *   also pass `PRAGMA integrity_check` and `foreign_key_check`; on PostgreSQL the database server lives on (only its
 *   client died), so what can break there is a transaction's atomicity, which the checks above cover.
 * - concurrent writers: N parallel PUTs with the same If-Match are one 200 and N-1 409s, and nothing is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type TestServer } from '../support/server';
import { openDatabaseReader, openSqliteFile, type DatabaseReader } from '../support/database';
import { COLLECTIONS } from '../../server/storage/store';

const ADMIN = DEMO.admin;
const versionOf = (etag: string | null): number => Number(/-(\d+)"$/.exec(etag ?? '')?.[1] ?? NaN);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

interface TranslationTarget {
  id: string;
  workRequest: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the translation's lines are sent back as read, with one text changed
  lines: any[];
  etag: string;
  /** The last save the server acknowledged: its version and the text it wrote. */
  acked: { version: number; text: string };
  /** The save in flight when the server died, if any. */
  inFlight?: string;
}

interface StatusTarget {
  id: string;
  acked: { version: number; status: string; reasons: string[] };
  inFlight?: { status: string; reason: string };
}

async function withDatabase<R>(read: (db: DatabaseReader) => Promise<R>): Promise<R> {
  const db = await openDatabaseReader(server);
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

interface EventDoc {
  type?: string;
  workRequest?: { _id?: string; reason?: string };
}

/** Events of these types about one work request. */
async function eventsAbout(db: DatabaseReader, types: string[], workRequest: string): Promise<EventDoc[]> {
  return ((await db.documents('Events')) as EventDoc[]).filter(
    (e) => e.workRequest?._id === workRequest && types.includes(e.type ?? ''),
  );
}

/** Sends requests until `stopped()`; a request that throws (the server died) or fails ends that worker. */
async function worker(stopped: () => boolean, step: () => Promise<boolean>): Promise<void> {
  while (!stopped()) {
    let goOn: boolean;
    try {
      goOn = await step();
    } catch {
      return; // the connection broke: the server is gone
    }
    if (!goOn) return;
  }
}

describe('kill -9 during writes', () => {
  it('keeps every acknowledged write, whole, and a sound database', async () => {
    // Targets: small translations (quick to send), and other work requests for status changes.
    const translations = (
      await call(server, 'GET', '/api/translations', { as: ADMIN, headers: { 'X-Range': 'resources=0-99' } })
    ).body as { _id: string; lineCount: number; workRequest: string }[];
    const small = translations
      .filter((t) => t.lineCount > 0)
      .sort((a, b) => a.lineCount - b.lineCount)
      .slice(0, 4);
    expect(small).toHaveLength(4);
    const tTargets: TranslationTarget[] = [];
    for (const t of small) {
      const res = await call(server, 'GET', `/api/translations/${t._id}`, { as: ADMIN });
      tTargets.push({
        id: t._id,
        workRequest: t.workRequest,
        lines: res.body.lines,
        etag: res.headers.get('etag')!,
        acked: { version: versionOf(res.headers.get('etag')), text: res.body.lines[0].text },
      });
    }
    const wrs = (
      await call(server, 'GET', '/api/workrequests?sort=due&status=in-progress', {
        as: ADMIN,
        headers: { 'X-Range': 'resources=0-20' },
      })
    ).body as { _id: string; translation?: { _id: string } }[];
    const used = new Set(tTargets.map((t) => t.workRequest));
    const sTargets: StatusTarget[] = wrs
      .filter((w) => !used.has(w._id))
      .slice(0, 3)
      .map((w) => ({ id: w._id, acked: { version: 0, status: '', reasons: [] } }));
    const commentOn = wrs[wrs.length - 1]!._id;

    const commentEventsBefore = await withDatabase(
      async (db) => (await eventsAbout(db, ['wr-comment'], commentOn)).length,
    );

    let killed = false;
    const stopped = () => killed;
    let seq = 0;
    const ackedComments: { id: string; body: string }[] = [];
    let ackedWrites = 0;

    const commentWorker = () =>
      worker(stopped, async () => {
        const body = `crash comment ${++seq}`;
        const res = await call(server, 'POST', '/api/comments', { as: ADMIN, body: { workRequest: commentOn, body } });
        if (res.status !== 200) throw new Error(`comment: ${res.status}`);
        ackedComments.push({ id: res.body._id, body });
        ackedWrites++;
        return true;
      });

    const translationWorker = (t: TranslationTarget) =>
      worker(stopped, async () => {
        const text = `crash save ${++seq}`;
        const lines = t.lines.map((l, i) => (i === 0 ? { ...l, text } : l));
        t.inFlight = text;
        const res = await call(server, 'PUT', `/api/translations/${t.id}`, {
          as: ADMIN,
          body: { lines },
          headers: { 'If-Match': t.etag },
        });
        if (res.status !== 200) throw new Error(`translation: ${res.status}`);
        t.inFlight = undefined;
        t.etag = res.headers.get('etag')!;
        t.acked = { version: versionOf(t.etag), text };
        ackedWrites++;
        return true;
      });

    // Back and forth between two statuses the workflow links both ways (docs/API.md, "Workflow"), from in-progress.
    const STATUSES = ['awaiting-materials', 'in-progress'];
    const statusWorker = (s: StatusTarget) =>
      worker(stopped, async () => {
        const n = ++seq;
        const change = { status: STATUSES[s.acked.reasons.length % STATUSES.length]!, reason: `crash status ${n}` };
        s.inFlight = change;
        const res = await call(server, 'PUT', `/api/workrequests/${s.id}`, { as: ADMIN, body: change });
        if (res.status !== 200) throw new Error(`status: ${res.status}`);
        s.inFlight = undefined;
        s.acked = {
          version: versionOf(res.headers.get('etag')),
          status: change.status,
          reasons: [...s.acked.reasons, change.reason],
        };
        ackedWrites++;
        return true;
      });

    const workers = [
      commentWorker(),
      commentWorker(),
      commentWorker(),
      ...tTargets.map(translationWorker),
      ...sTargets.map(statusWorker),
    ];
    // Let writes flow, then kill the process while requests are in flight.
    const started = Date.now();
    while (ackedWrites < 150 && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 20));
    expect(ackedWrites, 'writes acknowledged before the kill').toBeGreaterThan(20);
    await server.kill();
    killed = true;
    await Promise.all(workers);

    await server.restart();

    // Every acknowledged comment is there, with its text.
    await withDatabase(async (db) => {
      const lostComments: typeof ackedComments = [];
      for (const c of ackedComments)
        if ((await db.storedRecord('Comments', c.id))?.doc.body !== c.body) lostComments.push(c);
      expect(lostComments, 'acknowledged comments lost').toEqual([]);

      // Each translation is at its acknowledged save, or one save further with the save that was in flight.
      for (const t of tTargets) {
        const res = await call(server, 'GET', `/api/translations/${t.id}`, { as: ADMIN });
        const version = versionOf(res.headers.get('etag'));
        const text = res.body.lines[0].text;
        const state = `translation ${t.id}: version ${version}, text "${text}"; acknowledged ${t.acked.version} "${t.acked.text}", in flight "${t.inFlight}"`;
        if (version === t.acked.version) expect(text, state).toBe(t.acked.text);
        else expect({ version, text }, state).toEqual({ version: t.acked.version + 1, text: t.inFlight });
        // The work request's summary of it (list rows read it) agrees with the translation.
        const wr = (await db.storedRecord('Workrequests', t.workRequest))!.doc;
        const summary = (wr.translation === t.id ? wr.translationSummary : wr.graphicsTranslationSummary) as
          { status?: string; lineCount?: number; translatedCount?: number } | undefined;
        expect(
          { status: summary?.status, lineCount: summary?.lineCount, translatedCount: summary?.translatedCount },
          `summary of ${state}`,
        ).toEqual({
          status: res.body.status,
          lineCount: res.body.lineCount,
          translatedCount: res.body.translatedCount,
        });
      }

      // Each work request is at its acknowledged status change or one further; every acknowledged reason is in
      // its history.
      for (const s of sTargets) {
        const res = await call(server, 'GET', `/api/workrequests/${s.id}`, { as: ADMIN });
        const version = versionOf(res.headers.get('etag'));
        const reasons = (res.body.history as { reason?: string }[]).map((h) => h.reason);
        const state = `work request ${s.id}: version ${version}, status ${res.body.status}; acknowledged ${s.acked.version} ${s.acked.status}`;
        expect(reasons, state).toEqual(expect.arrayContaining(s.acked.reasons));
        if (s.acked.version > 0 && version === s.acked.version) expect(res.body.status, state).toBe(s.acked.status);
        else if (s.acked.version > 0)
          expect({ version, status: res.body.status, last: reasons.at(-1) }, state).toEqual({
            version: s.acked.version + 1,
            status: s.inFlight?.status,
            last: s.inFlight?.reason,
          });
      }

      // What a write causes lands with it: every stored comment has its event, every status change its event.
      const storedComments = ((await db.documents('Comments')) as { workRequest?: string; body?: string }[]).filter(
        (c) => c.workRequest === commentOn && c.body?.startsWith('crash comment '),
      ).length;
      expect(
        (await eventsAbout(db, ['wr-comment'], commentOn)).length - commentEventsBefore,
        'wr-comment events of the comments stored',
      ).toBe(storedComments);
      for (const s of sTargets) {
        const history = ((await db.storedRecord('Workrequests', s.id))!.doc.history as { reason?: string }[])
          .map((h) => h.reason)
          .filter((r) => r?.startsWith('crash status '));
        const events = (await eventsAbout(db, ['wr-status', 'wam'], s.id))
          .map((e) => e.workRequest?.reason)
          .filter((r) => r?.startsWith('crash status '));
        expect(events.sort(), `events of the status changes of ${s.id}`).toEqual([...history].sort());
      }

      // Every row of every collection is a whole record (its id, creation time and a version).
      const broken: string[] = [];
      for (const c of COLLECTIONS) broken.push(...(await db.brokenRecords(c)).map((id) => `${c}/${id}`));
      expect(broken, 'rows that are not whole records').toEqual([]);

      if (db.kind === 'sqlite') {
        // SQLite only: the killed process was the database engine itself, so the file is checked too.
        const file = openSqliteFile(server.dataDir);
        try {
          expect(file.pragma('integrity_check', { simple: true }), 'SQLite integrity_check').toBe('ok');
          expect(file.pragma('foreign_key_check'), 'SQLite foreign_key_check').toEqual([]);
        } finally {
          file.close();
        }
      }
    });

    // The restarted server takes writes again.
    const after = await call(server, 'POST', '/api/comments', {
      as: ADMIN,
      body: { workRequest: commentOn, body: 'after the crash' },
    });
    expect(after.status).toBe(200);
  }, 90_000);
});

describe('concurrent writers with the same If-Match', () => {
  const PARALLEL = 12;

  async function race(path: string, etag: string, bodyOf: (i: number) => Record<string, unknown>) {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call(server, 'PUT', path, { as: ADMIN, body: bodyOf(i), headers: { 'If-Match': etag } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(PARALLEL - 1).fill(409)]);
    const winner = answers.findIndex((a) => a.status === 200);
    for (const a of answers) if (a.status === 409) expect(a.body.error.details.current).toBeTruthy();
    return { winner, answer: answers[winner]! };
  }

  it('a translation: one save wins, the rest are 409 with the record as it now is, nothing else is written', async () => {
    const list = (await call(server, 'GET', '/api/translations?status=incomplete', { as: ADMIN })).body as {
      _id: string;
    }[];
    const id = list[1]!._id;
    const before = await call(server, 'GET', `/api/translations/${id}`, { as: ADMIN });
    const etag = before.headers.get('etag')!;
    const { winner, answer } = await race(`/api/translations/${id}`, etag, (i) => ({
      lines: before.body.lines.map((l: { text?: string }, n: number) => (n === 0 ? { ...l, text: `writer ${i}` } : l)),
    }));
    const after = await call(server, 'GET', `/api/translations/${id}`, { as: ADMIN });
    expect(versionOf(after.headers.get('etag'))).toBe(versionOf(etag) + 1);
    expect(after.headers.get('etag')).toBe(answer.headers.get('etag'));
    expect(after.body.lines[0].text).toBe(`writer ${winner}`);
  });

  it('a studio (collection-level PUT): one update wins', async () => {
    const created = await call(server, 'PUT', '/api/studios', { as: ADMIN, body: { name: 'Race Studio' } });
    const { winner } = await race('/api/studios', created.headers.get('etag')!, (i) => ({
      _id: created.body._id,
      name: `Race Studio ${i}`,
    }));
    const after = await call(server, 'GET', `/api/studios/${created.body._id}`, { as: ADMIN });
    expect(after.body.name).toBe(`Race Studio ${winner}`);
    expect(versionOf(after.headers.get('etag'))).toBe(2);
  });

  it('a status change: one wins, and the history gains exactly one entry', async () => {
    // In progress: for review is a move the workflow allows from there (docs/API.md, "Workflow").
    const wr = (await call(server, 'GET', '/api/workrequests?sort=-due&status=in-progress', { as: ADMIN })).body[0];
    const before = await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: ADMIN });
    const { winner } = await race(`/api/workrequests/${wr._id}`, before.headers.get('etag')!, (i) => ({
      status: 'for-review',
      reason: `race ${i}`,
    }));
    const after = await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: ADMIN });
    expect(after.body.history).toHaveLength(before.body.history.length + 1);
    expect(after.body.history.at(-1).reason).toBe(`race ${winner}`);
  });

  it('without If-Match, parallel merges of different fields all land (none is lost to another)', async () => {
    // Every writable field of a territory but its name (unknown fields are refused: docs/API.md, "Writable fields").
    const writes: Record<string, unknown>[] = [
      { displayName: 'Race' },
      { languages: ['fr-FR'] },
      { assignedLanguages: ['de-DE'] },
      { countries: ['FR', 'BE'] },
    ];
    const created = await call(server, 'PUT', '/api/territories', { as: ADMIN, body: { name: 'RACE' } });
    const answers = await Promise.all(
      writes.map((fields) =>
        call(server, 'PUT', '/api/territories', { as: ADMIN, body: { _id: created.body._id, ...fields } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(writes.map(() => 200));
    const after = await call(server, 'GET', `/api/territories/${created.body._id}`, { as: ADMIN });
    for (const fields of writes) expect(after.body).toMatchObject(fields);
    expect(versionOf(after.headers.get('etag'))).toBe(writes.length + 1);
  });

  it('an invitation accepted twice at once: one acceptance, the other a 404, one password', async () => {
    const invited = await call(server, 'PUT', '/api/users', {
      as: ADMIN,
      body: { emailNormal: 'race.invite@mws.test' },
    });
    const code = invited.body.inviteCode as string;
    const answers = await Promise.all(
      ['first-password', 'second-password', 'third-password'].map((password) =>
        call(server, 'POST', `/api/invitations/${code}`, { as: null, body: { name: 'Racer', password } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
    const winner = ['first-password', 'second-password', 'third-password'][answers.findIndex((a) => a.status === 200)]!;
    expect(
      (await call(server, 'POST', '/api/session', { as: { username: 'race.invite@mws.test', password: winner } }))
        .status,
    ).toBe(200);
  });
});
