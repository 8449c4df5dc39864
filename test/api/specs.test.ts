/**
 * Delivery specifications (docs/API.md "Delivery specifications"): style limits per studio, narrowed to a project,
 * client group or language. Everyone who works for the studio reads them; admins and its coordinators write
 * (If-Match honoured); another studio's spec is invisible and refused; bad input is a 400 that stores nothing; the
 * spec an order is judged by is the one it names, else the most specific match. Cora coordinates both demo studios,
 * Sam only Harbor Lane.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';
import { DEMO_SPEC_NAMES } from '../../server/seed/specs';

let server: TestServer;
const sam: Account = { username: 'sam.okafor@harborlane.test', password: 'demo-password' };
const ALL = { 'X-Range': 'resources=0-999' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; tests look at named fields
type Rec = Record<string, any>;
let north: Rec;
let harbor: Rec;
/** A work request of the demo translator, with its translation, studio and project. */
let assigned: Rec;

const LIMITS = {
  maxCharsPerLine: 40,
  maxLinesPerSubtitle: 2,
  maxCharsPerSecond: 15,
  minDurationMs: 1000,
  maxDurationMs: 6000,
  minGapFrames: 3,
};

beforeAll(async () => {
  server = await startServer();
  const studios = (await call(server, 'GET', '/api/studios', { as: DEMO.admin, headers: ALL })).body as Rec[];
  north = studios.find((s) => s.name === 'Northlight Pictures')!;
  harbor = studios.find((s) => s.name === 'Harbor Lane Studios')!;
  const wrs = (await call(server, 'GET', '/api/workrequests', { as: DEMO.translator, headers: ALL })).body as Rec[];
  assigned = wrs.find((w) => w.translation?._id && w.project?._id && w.status === 'in-progress')!;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const post = (body: unknown, as: Account = DEMO.coordinator) => call(server, 'POST', '/api/specs', { as, body });
const list = (query: string, as: Account = DEMO.coordinator) =>
  call(server, 'GET', `/api/specs${query}`, { as, headers: ALL });
const total = async () => Number(/\/(\d+)$/.exec((await list('', DEMO.admin)).headers.get('content-range') ?? '')?.[1]);

describe('the demo specs', () => {
  it('has the Netflix-style and broadcast specs in each studio, with their numbers', async () => {
    const res = await list(`?studio=${north._id}`, DEMO.admin);
    expect(res.status).toBe(200);
    const byName = new Map((res.body as Rec[]).map((s) => [s.name, s]));
    expect(byName.get(DEMO_SPEC_NAMES.netflix)).toMatchObject({
      maxCharsPerLine: 42,
      maxLinesPerSubtitle: 2,
      maxCharsPerSecond: 20,
      minDurationMs: 833,
      maxDurationMs: 7000,
      minGapFrames: 2,
    });
    expect(byName.get(DEMO_SPEC_NAMES.children)).toMatchObject({ maxCharsPerSecond: 17 });
    expect(byName.get(DEMO_SPEC_NAMES.broadcast)).toMatchObject({ maxCharsPerLine: 37, maxCharsPerSecond: 16 });
    expect(byName.get(DEMO_SPEC_NAMES.netflix)).not.toHaveProperty('key');
  });

  it('is read by the studio’s translator, but by nobody outside it', async () => {
    const mine = await list('', DEMO.translator);
    expect(mine.status).toBe(200);
    expect((mine.body as Rec[]).length).toBeGreaterThan(0);
    const samSees = (await list('', sam)).body as Rec[];
    expect(samSees.length).toBeGreaterThan(0);
    expect(samSees.every((s) => s.studio === harbor._id)).toBe(true);
    const northSpec = ((await list(`?studio=${north._id}`, DEMO.admin)).body as Rec[])[0]!;
    expect((await call(server, 'GET', `/api/specs/${northSpec._id}`, { as: sam })).status).toBe(404);
    const put = await call(server, 'PUT', `/api/specs/${northSpec._id}`, { as: sam, body: { maxCharsPerLine: 30 } });
    expect(put.status).toBe(404);
    expect((await call(server, 'DELETE', `/api/specs/${northSpec._id}`, { as: sam })).status).toBe(404);
    const placed = await post({ studio: north._id, name: 'Not mine', ...LIMITS }, sam);
    expect(placed.status).toBe(403);
    expect((await post({ studio: north._id, name: 'Nor mine', ...LIMITS }, DEMO.translator)).status).toBe(403);
  });
});

describe('writing specs', () => {
  it('creates, reads, updates with If-Match, and deletes with If-Match', async () => {
    const created = await post({ studio: harbor._id, name: '  Festival   screenings ', language: 'fr', ...LIMITS });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Festival screenings', language: 'fr', ...LIMITS });
    const id = created.body._id as string;
    const etag = created.headers.get('etag')!;
    expect((await call(server, 'GET', `/api/specs/${id}`, { as: sam })).body.name).toBe('Festival screenings');

    const again = await post({ studio: harbor._id, name: 'festival screenings', ...LIMITS });
    expect(again.status).toBe(409);

    const changed = await call(server, 'PUT', `/api/specs/${id}`, {
      as: sam,
      headers: { 'If-Match': etag },
      body: { maxCharsPerLine: 38, language: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.maxCharsPerLine).toBe(38);
    expect(changed.body).not.toHaveProperty('language');
    const stale = await call(server, 'PUT', `/api/specs/${id}`, {
      as: sam,
      headers: { 'If-Match': etag },
      body: { maxCharsPerLine: 36 },
    });
    expect(stale.status).toBe(409);

    const deleted = await call(server, 'DELETE', `/api/specs/${id}`, {
      as: sam,
      headers: { 'If-Match': changed.headers.get('etag')! },
    });
    expect(deleted.status).toBe(204);
    expect((await call(server, 'GET', `/api/specs/${id}`, { as: sam })).status).toBe(404);
    // Its name is free again.
    const reused = await post({ studio: harbor._id, name: 'Festival screenings', ...LIMITS });
    expect(reused.status).toBe(201);
    await call(server, 'DELETE', `/api/specs/${reused.body._id}`, { as: sam });
  });

  it.each([
    ['a missing limit', { name: 'x', maxCharsPerLine: 42 }, 'maxLinesPerSubtitle'],
    ['a limit out of bounds', { name: 'x', ...LIMITS, maxCharsPerLine: 4200 }, 'maxCharsPerLine'],
    ['a fraction of a line', { name: 'x', ...LIMITS, maxLinesPerSubtitle: 1.5 }, 'maxLinesPerSubtitle'],
    ['text for a number', { name: 'x', ...LIMITS, maxCharsPerSecond: '17' }, 'maxCharsPerSecond'],
    ['a minimum above the maximum', { name: 'x', ...LIMITS, minDurationMs: 7000 }, 'minDurationMs'],
    ['a blank name', { name: '   ', ...LIMITS }, 'name'],
    ['an unknown language', { name: 'x', ...LIMITS, language: 'xx-YY' }, 'language'],
    ['an unknown field', { name: 'x', ...LIMITS, fps: 25 }, 'fps'],
    ['a client that is not a client group', { name: 'x', ...LIMITS, client: '0123456789abcdef01234567' }, 'client'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_what, body, field) => {
    const before = await total();
    const res = await post({ studio: harbor._id, ...body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(field);
    expect(await total()).toBe(before);
  });
});

describe('the spec an order is judged by', () => {
  const applied = (query: string, as: Account = DEMO.translator) =>
    call(server, 'GET', `/api/specs/applied${query}`, { as });

  it('is the most specific match when the order names none, and the named one when it does', async () => {
    const t = assigned.translation._id as string;
    const first = await applied(`?translation=${t}`);
    expect(first.status).toBe(200);
    expect(first.body.chosen).toBe('match');
    expect(first.body.spec.studio).toBe(assigned.studio);

    // A project spec for the translation's language beats every studio-wide spec.
    const narrow = await post({
      project: assigned.project._id,
      language: assigned.language,
      name: 'Project house style',
      ...LIMITS,
    });
    expect(narrow.status).toBe(201);
    const second = await applied(`?translation=${t}`);
    expect(second.body).toMatchObject({ chosen: 'match', spec: { _id: narrow.body._id, maxCharsPerLine: 40 } });

    // The order names the broadcast spec: that one, whatever matches better.
    const broadcast = ((await list(`?studio=${assigned.studio}`)).body as Rec[]).find(
      (s) => s.name === DEMO_SPEC_NAMES.broadcast,
    )!;
    const named = await call(server, 'PUT', `/api/workrequests/${assigned._id}`, {
      as: DEMO.coordinator,
      body: { spec: broadcast._id },
    });
    expect(named.status).toBe(200);
    expect(named.body.spec).toBe(broadcast._id);
    const third = await applied(`?workRequest=${assigned._id}`, DEMO.coordinator);
    expect(third.body).toMatchObject({ chosen: 'order', spec: { _id: broadcast._id, maxCharsPerLine: 37 } });

    // Another studio's spec is refused on the order.
    const other = (
      (await list(`?studio=${assigned.studio === north._id ? harbor._id : north._id}`, DEMO.admin)).body as Rec[]
    )[0]!;
    const refused = await call(server, 'PUT', `/api/workrequests/${assigned._id}`, {
      as: DEMO.coordinator,
      body: { spec: other._id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('spec');
    await call(server, 'DELETE', `/api/specs/${narrow.body._id}`, { as: DEMO.coordinator });
  });

  it('is told for an order not placed yet (the wizard’s default): by studio, project and language', async () => {
    const studio = assigned.studio as string;
    const place = `?studio=${studio}&project=${assigned.project._id}&language=${assigned.language}`;
    const before = await applied(place, DEMO.coordinator);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({ chosen: 'match', spec: { studio, name: DEMO_SPEC_NAMES.netflix } });
    const narrow = await post({ project: assigned.project._id, name: 'Wizard project style', ...LIMITS });
    expect(narrow.status).toBe(201);
    expect((await applied(place, DEMO.coordinator)).body.spec._id).toBe(narrow.body._id);
    // Another project of the studio does not get it.
    expect(
      (await applied(`?studio=${studio}&project=000000000000000000000000`, DEMO.coordinator)).body.spec._id,
    ).not.toBe(narrow.body._id);
    await call(server, 'DELETE', `/api/specs/${narrow.body._id}`, { as: DEMO.coordinator });
    // A studio the caller does not work for is not told; one place at a time.
    expect((await applied(`?studio=${north._id}`, sam)).status).toBe(404);
    expect((await applied(`?studio=${studio}&workRequest=${assigned._id}`, DEMO.coordinator)).status).toBe(400);
    expect((await applied(`?workRequest=${assigned._id}&language=fr`, DEMO.coordinator)).status).toBe(400);
  });

  it('is not told about a translation the caller may not read', async () => {
    const wrs = (await call(server, 'GET', '/api/workrequests', { as: DEMO.admin, headers: ALL })).body as Rec[];
    const northern = wrs.find((w) => w.studio === north._id && w.translation?._id)!;
    const res = await applied(`?translation=${northern.translation._id}`, sam);
    expect(res.status).toBe(404);
    expect((await applied(`?workRequest=${northern._id}`, sam)).status).toBe(404);
    expect((await applied('')).status).toBe(400);
  });

  it('an order placed naming a spec keeps it, and is judged by it', async () => {
    const broadcast = (await list(`?studio=${assigned.studio}`)).body.find(
      (sp: Rec) => typeof sp.name === 'string' && /broadcast/i.test(sp.name),
    );
    expect(broadcast, 'the seeded broadcast spec').toBeTruthy();
    const placed = await call(server, 'POST', '/api/workrequests', {
      as: DEMO.coordinator,
      body: {
        asset: assigned.asset._id,
        language: assigned.language,
        territory: assigned.territory,
        dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
        due: { date: Math.floor(Date.now() / 1000) + 10 * 86_400, tz: 'UTC' },
        spec: broadcast._id,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.spec).toBe(broadcast._id);
    const read = await call(server, 'GET', `/api/workrequests/${placed.body._id}`, { as: DEMO.coordinator });
    expect(read.body.spec).toBe(broadcast._id);
  });
});
