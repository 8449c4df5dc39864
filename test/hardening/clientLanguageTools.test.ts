/**
 * Attack: a client (a requester, a press partner) reads a studio's glossary or translation memory (docs/API.md,
 * "Glossary", "Translation memory": who asks). Neither is theirs: the glossary and the memory are the studio's tools
 * for its staff and for the translator doing the work. A requester cannot open their orders' translations by id, so
 * neither their glossary nor the memory; a press partner who may watch an asset reads its transcription, which has
 * no glossary and asks the memory for nothing; the glossary's own routes are staff's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type Account, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON, only named fields looked at
type Rec = Record<string, any>;

const KENJI: Account = { username: 'kenji.mori@tokyo-distribution.test', password: 'demo-password' };
const lookup = { texts: ['I never wanted any of this.'], fuzzy: true };

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

describe('glossary and memory for clients', () => {
  it("a requester reads neither through their orders' translations", async () => {
    const mine = await call(server, 'GET', '/api/workrequests', {
      as: ROLE_ACCOUNTS.client,
      headers: { 'X-Range': 'resources=0-4' },
    });
    const translations = (mine.body as Rec[]).map((w) => w.translation?._id ?? w.translation).filter(Boolean);
    expect(translations.length).toBeGreaterThan(0);
    for (const t of translations) {
      const glossary = await call(server, 'GET', `/api/glossary?translation=${t}`, { as: ROLE_ACCOUNTS.client });
      expect(glossary.status).toBe(404);
      const memory = await call(server, 'POST', `/api/translations/${t}/memory`, {
        as: ROLE_ACCOUNTS.client,
        body: lookup,
      });
      expect(memory.status).toBe(404);
      // The translator of the same order has both.
      const staff = await call(server, 'GET', `/api/glossary?translation=${t}`, { as: DEMO.admin });
      expect(staff.status).toBe(200);
    }
  });

  it('a press partner gets nothing from the transcriptions they may read', async () => {
    const assets = await call(server, 'GET', '/api/assets/countByProject', {
      as: KENJI,
      headers: { 'X-Range': 'resources=0-199' },
    });
    const watched = (assets.body as Rec[]).filter((a) => a.$permissions.access.includes('previews'));
    expect(watched.length).toBeGreaterThan(0);
    let checked = 0;
    for (const a of watched.slice(0, 3)) {
      const t = a.transcription?.dialogue ?? a.transcription?.graphics;
      if (!t) continue;
      checked++;
      expect((await call(server, 'GET', `/api/translations/${t}`, { as: KENJI })).status).toBe(200);
      const glossary = await call(server, 'GET', `/api/glossary?translation=${t}`, { as: KENJI });
      expect(glossary.body).toEqual([]);
      const memory = await call(server, 'POST', `/api/translations/${t}/memory`, { as: KENJI, body: lookup });
      expect(memory.body).toEqual({ results: [] });
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("the glossary's lists and terms are staff's", async () => {
    const terms = await call(server, 'GET', '/api/glossary', {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-0' },
    });
    const term = (terms.body as Rec[])[0]!;
    for (const as of [ROLE_ACCOUNTS.client, KENJI]) {
      expect((await call(server, 'GET', '/api/glossary', { as })).status).toBe(403);
      expect((await call(server, 'GET', `/api/glossary/${term._id}`, { as })).status).toBe(403);
    }
  });
});
