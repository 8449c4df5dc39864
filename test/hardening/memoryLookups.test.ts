/**
 * Translation-memory lookups as an abuser sends them (docs/API.md, "Translation memory: bounded lookups"), against
 * the real server on both stores: the largest body once taken (20 texts of 2,000 characters, similar matches
 * wanted) is a 400 naming the text; one user sending many lookups at once gets 429 `too_many_requests` with
 * `Retry-After` beyond the per-user limit, while another user's lookups are answered; the slots come back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_LIMITS } from '../../src/api/schema/memory';
import { startServer, call, DEMO, type Account, type Call, type TestServer } from '../support/server';

let server: TestServer;
/** An approved demo translation (its studio's memory holds its lines) and its transcription's lines. */
let translation: string;
let lines: string[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const lookUp = (body: unknown, as: Account = DEMO.admin): Promise<Call> =>
  call(server, 'POST', `/api/translations/${translation}/memory`, { as, body });

/** The largest similar lookup the server takes: the most texts, each of the most characters, of real lines. */
function largestLookup(): { texts: string[]; fuzzy: true } {
  const texts = Array.from({ length: MEMORY_LIMITS.fuzzyTexts }, (_, k) => {
    let text = '';
    for (let i = k; text.length < MEMORY_LIMITS.fuzzyTextLength; i++) text += `${lines[i % lines.length]} `;
    return text.slice(0, MEMORY_LIMITS.fuzzyTextLength);
  });
  return { texts, fuzzy: true };
}

beforeAll(async () => {
  server = await startServer();
  const approved = await call(server, 'GET', '/api/workrequests?status=approved&sort=-created', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-49' },
  });
  for (const row of approved.body as Rec[]) {
    if (!row.asset?.transcription?.dialogue || !row.translation?._id) continue;
    const transcription = await call(server, 'GET', `/api/translations/${row.asset.transcription.dialogue}`, {
      as: DEMO.admin,
    });
    const texts = (transcription.body.lines as Rec[]).map((l) => String(l.text ?? '')).filter((t) => t !== '');
    translation = row.translation._id;
    const exact = await lookUp({ texts });
    if (exact.status === 200 && exact.body.results.length > 0) {
      lines = texts;
      return;
    }
  }
  throw new Error('no approved demo translation with remembered lines');
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('translation-memory lookups under abuse', () => {
  it('refuses the oversized similar lookup (20 texts of 2,000 characters) with a 400 that changes nothing', async () => {
    const texts = Array.from({ length: 20 }, (_, k) => `${lines[k % lines.length]} `.repeat(200).slice(0, 2000));
    const res = await lookUp({ texts, fuzzy: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toMatch(/^texts\.0: at most 500 characters/);
    expect(res.body.error.details).toHaveLength(20);
  });

  it("answers 429 with Retry-After past a user's concurrent lookups, not another user's, and frees the slots", async () => {
    // Credentials verified first, so the lookups below arrive together rather than one password check apart.
    expect((await lookUp({ texts: ['Run!'] })).status).toBe(200);
    expect((await lookUp({ texts: ['Run!'] }, DEMO.coordinator)).status).toBe(200);

    const body = largestLookup();
    const [burst, other] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => lookUp(body))),
      lookUp(body, DEMO.coordinator),
    ]);
    const statuses = burst.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 429),
      statuses.join(','),
    ).toBe(true);
    const refused = burst.filter((r) => r.status === 429);
    // Two lookups at most run at once for the admin: of twelve sent together, most wait their turn elsewhere.
    expect(refused.length, statuses.join(',')).toBeGreaterThan(0);
    expect(refused[0]!.headers.get('retry-after')).toBe('1');
    expect(refused[0]!.body.error).toMatchObject({
      code: 'too_many_requests',
      details: { retryAfter: 1, limit: 2 },
    });
    expect(refused[0]!.body.error.message).toMatch(/at most 2 at once per user/);
    // The coordinator's lookup, sent meanwhile, is not counted against the admin's slots.
    expect(other.status).toBe(200);
    // Every slot is given back when its lookup ends: the admin may look up again, two at once.
    const after = await Promise.all([lookUp(body), lookUp({ texts: ['Run!'], fuzzy: true })]);
    expect(after.map((r) => r.status)).toEqual([200, 200]);
  });
});
