/**
 * Glossary (docs/API.md "Glossary"): terms per studio or project and language. Coordinators of the studio and admins
 * write (If-Match honoured); translators read the terms of a translation they may see, a project's term overriding
 * the studio's; (scope, language, source term) is unique in the database; bad input is a 400 that changes nothing.
 * Cora coordinates both demo studios, Sam only Harbor Lane.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';

let server: TestServer;
const sam: Account = { username: 'sam.okafor@harborlane.test', password: 'demo-password' };
const ALL = { 'X-Range': 'resources=0-999' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; tests look at named fields
type Rec = Record<string, any>;
let north: Rec;
let harbor: Rec;
/** A work request of the demo translator, with its translation, studio and project. */
let assigned: Rec;

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

const post = (body: unknown, as: Account = DEMO.coordinator) => call(server, 'POST', '/api/glossary', { as, body });
const list = (query: string, as: Account = DEMO.coordinator) =>
  call(server, 'GET', `/api/glossary${query}`, { as, headers: ALL });
const total = async () => Number(/\/(\d+)$/.exec((await list('', DEMO.admin)).headers.get('content-range') ?? '')?.[1]);

describe('the demo glossary', () => {
  it('has French terms in both studios, shown without the server-only fields', async () => {
    const res = await list(`?studio=${north._id}&language=fr-FR&project=none`, DEMO.admin);
    expect(res.status).toBe(200);
    const chance = (res.body as Rec[]).find((t) => t.source === 'chance')!;
    expect(chance).toMatchObject({ translation: 'occasion', forbidden: ['chance'], caseSensitive: false });
    expect(chance).not.toHaveProperty('key');
    expect(chance).not.toHaveProperty('folded');
    expect(chance.$links.self).toContain(`/api/Glossaryterms/${chance._id}`);
    const sources = (res.body as Rec[]).map((t) => t.source as string);
    expect(sources).toEqual([...sources].sort());
  });
});

describe('writing terms', () => {
  it('creates, reads, updates with If-Match, and deletes with If-Match', async () => {
    const created = await post({ studio: north._id, language: 'fr-FR', source: '  lantern ', translation: 'lanterne' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source: 'lantern', translation: 'lanterne', sourceLanguage: 'en' });
    const id = created.body._id as string;
    const etag = created.headers.get('etag')!;
    expect((await call(server, 'GET', `/api/glossary/${id}`)).body.translation).toBe('lanterne');

    const changed = await call(server, 'PUT', `/api/glossary/${id}`, {
      headers: { 'If-Match': etag },
      body: { translation: 'lampion', notes: 'Festival lanterns', forbidden: ['lanterne'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ translation: 'lampion', notes: 'Festival lanterns', forbidden: ['lanterne'] });

    const stale = await call(server, 'PUT', `/api/glossary/${id}`, {
      headers: { 'If-Match': etag },
      body: { translation: 'fanal' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.translation).toBe('lampion');

    const staleDelete = await call(server, 'DELETE', `/api/glossary/${id}`, { headers: { 'If-Match': etag } });
    expect(staleDelete.status).toBe(409);
    const deleted = await call(server, 'DELETE', `/api/glossary/${id}`, {
      headers: { 'If-Match': changed.headers.get('etag')! },
    });
    expect(deleted.status).toBe(204);
    expect((await call(server, 'GET', `/api/glossary/${id}`)).status).toBe(404);
    expect((await list(`?studio=${north._id}&search=lantern`)).body).toEqual([]);
    // The source term is free again.
    expect((await post({ studio: north._id, language: 'fr-FR', source: 'Lantern', translation: 'fanal' })).status).toBe(
      201,
    );
  });

  it('keeps (scope, language, source term) unique, also for requests racing', async () => {
    const body = { studio: harbor._id, language: 'de-DE', source: 'Salt Throne', translation: 'Salzthron' };
    const raced = await Promise.all([post(body), post(body)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    const again = await post({ ...body, source: 'salt   throne' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('“salt throne” for de-DE already');
    // Another language, or a project of the studio, is another scope.
    expect((await post({ ...body, language: 'fr-FR', translation: 'Trône de sel' })).status).toBe(201);
    const projects = (await call(server, 'GET', `/api/projects?studio=${harbor._id}`, { headers: ALL })).body as Rec[];
    const projectTerm = await post({
      project: projects[0]!._id,
      language: 'de-DE',
      source: 'Salt Throne',
      translation: 'Thron',
    });
    expect(projectTerm.status).toBe(201);
    expect(projectTerm.body.studio).toBe(harbor._id);
  });

  it('answers bad input with a 400 that changes nothing', async () => {
    const before = await total();
    const good = { studio: north._id, language: 'fr-FR', source: 'orchard', translation: 'verger' };
    const bad: [unknown, string][] = [
      [{ ...good, source: '   ' }, 'source'],
      [{ ...good, translation: undefined }, 'translation'],
      [{ ...good, language: 'xx-XX' }, 'language'],
      [{ ...good, source: 42 }, 'source'],
      [{ ...good, forbidden: ['Verger'] }, 'forbidden'],
      [{ ...good, forbidden: 'verge' }, 'forbidden'],
      [{ ...good, source: 'x'.repeat(201) }, 'source'],
      [{ ...good, studio: 'nope' }, 'studio'],
      [{ ...good, studio: undefined }, 'studio'],
      [{ ...good, project: '0123456789abcdef01234567' }, 'project'],
      [{ ...good, colour: 'red' }, 'colour'],
      [[good], 'body'],
    ];
    for (const [body, field] of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message.startsWith(field), res.body.error.message).toBe(true);
    }
    expect(await total()).toBe(before);
  });
});

describe('who may read and write', () => {
  let northTerm: Rec;
  beforeAll(async () => {
    northTerm = (
      await post({ studio: north._id, language: 'es-419', source: 'cartographer', translation: 'cartógrafo' })
    ).body;
  });

  it('needs a signed-in user everywhere', async () => {
    for (const [method, path] of [
      ['GET', '/api/glossary'],
      ['GET', `/api/glossary/${northTerm._id}`],
      ['POST', '/api/glossary'],
      ['PUT', `/api/glossary/${northTerm._id}`],
      ['DELETE', `/api/glossary/${northTerm._id}`],
    ] as const) {
      expect((await call(server, method, path, { as: null, body: method === 'GET' ? undefined : {} })).status).toBe(
        401,
      );
    }
  });

  it('refuses translators every write and the coordinators’ list', async () => {
    const res = await post(
      { studio: north._id, language: 'fr-FR', source: 'ferry', translation: 'bac' },
      DEMO.translator,
    );
    expect(res.status).toBe(403);
    const put = await call(server, 'PUT', `/api/glossary/${northTerm._id}`, {
      as: DEMO.translator,
      body: { translation: 'x' },
    });
    expect(put.status).toBe(403);
    expect((await call(server, 'DELETE', `/api/glossary/${northTerm._id}`, { as: DEMO.translator })).status).toBe(403);
    expect((await list('', DEMO.translator)).status).toBe(403);
  });

  it('keeps another studio’s terms from its coordinator', async () => {
    const samList = (await list('?language=es-419', sam)).body as Rec[];
    expect(samList.length).toBeGreaterThan(0);
    expect(samList.every((t) => t.studio === harbor._id)).toBe(true);
    expect((await list(`?studio=${north._id}`, sam)).body).toEqual([]);
    expect((await call(server, 'GET', `/api/glossary/${northTerm._id}`, { as: sam })).status).toBe(404);
    const put = await call(server, 'PUT', `/api/glossary/${northTerm._id}`, { as: sam, body: { translation: 'x' } });
    expect(put.status).toBe(404);
    expect((await call(server, 'DELETE', `/api/glossary/${northTerm._id}`, { as: sam })).status).toBe(404);
    const placed = await post({ studio: north._id, language: 'fr-FR', source: 'ferry', translation: 'bac' }, sam);
    expect(placed.status).toBe(403);
    expect((await call(server, 'GET', `/api/glossary/${northTerm._id}`)).body.translation).toBe('cartógrafo');
  });
});

describe("a translation's glossary", () => {
  it('gives the translator the studio’s terms of its language, a project’s term overriding the studio’s', async () => {
    const language = assigned.translation.language as string;
    const studio = assigned.studio as string;
    const other = studio === north._id ? harbor._id : north._id;
    const studioTerm = await post({ studio, language, source: 'beacon', translation: 'studio-word' }, DEMO.admin);
    const projectTerm = await post(
      { project: assigned.project._id, language, source: 'Beacon', translation: 'project-word', caseSensitive: true },
      DEMO.admin,
    );
    const otherStudio = await post({ studio: other, language, source: 'lighthouse', translation: 'x' }, DEMO.admin);
    const otherLanguage = await post(
      { studio, language: language === 'de-DE' ? 'fr-FR' : 'de-DE', source: 'lighthouse', translation: 'y' },
      DEMO.admin,
    );
    for (const r of [studioTerm, projectTerm, otherStudio, otherLanguage]) expect(r.status).toBe(201);

    const res = await list(`?translation=${assigned.translation._id}`, DEMO.translator);
    expect(res.status).toBe(200);
    const terms = res.body as Rec[];
    expect(terms.filter((t) => t.source.toLowerCase() === 'beacon')).toEqual([
      expect.objectContaining({ translation: 'project-word', project: assigned.project._id }),
    ]);
    expect(terms.some((t) => t.source === 'lighthouse')).toBe(false);
    expect(terms.every((t) => t.language === language && t.studio === studio)).toBe(true);
    expect(res.headers.get('content-range')).toMatch(new RegExp(`/${terms.length}$`));
  });

  it('is not readable for a translation the caller may not see', async () => {
    const others = (await call(server, 'GET', '/api/translations', { as: DEMO.admin, headers: ALL })).body as Rec[];
    const notTheirs = others.find((t) => t.workRequest && t.translator?._id !== assigned.translation.translator?._id)!;
    expect((await list(`?translation=${notTheirs._id}`, DEMO.translator)).status).toBe(404);
    expect((await list('?translation=nope', DEMO.translator)).status).toBe(404);
  });
});
