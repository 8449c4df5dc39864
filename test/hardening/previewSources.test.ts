/**
 * Attack: a client of one territory watches another version's previews (docs/API.md, "Who sees what: grants",
 * `sources.previews`). A Permission whose `sources.previews` names only localised versions (fr-FR) does not reach the
 * asset's original-version previews (the demo's are in the language of the asset's transcription): they are not
 * listed, not counted, not readable by id, not among the asset's summaries. Naming `ov` reaches them; a scope that
 * names nothing does not narrow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionOf } from '../support/catalog';
import { call, DEMO, startServer, type Account, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON, only named fields looked at
type Rec = Record<string, any>;

const totalOf = (headers: Headers) => Number(/\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1]);

const fx = {} as { asset: Rec; previews: Rec[]; share: Rec; vera: { id: string; account: Account } };

beforeAll(async () => {
  server = await startServer();
  const assets = await call(server, 'GET', '/api/assets/countByProject', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-199' },
  });
  for (const a of assets.body as Rec[]) {
    const previews = await call(server, 'GET', `/api/previews?asset=${a._id}`, { as: DEMO.admin });
    if ((previews.body as Rec[]).length >= 2) {
      fx.asset = a;
      fx.previews = previews.body;
      break;
    }
  }
  expect(fx.asset, 'a demo asset with two previews').toBeDefined();
  const created = await call(server, 'PUT', '/api/users', {
    as: DEMO.admin,
    body: { emailNormal: 'vera.versions@example.com', name: 'Vera', groups: [] },
  });
  const account = { username: 'vera.versions@example.com', password: 'preview-sources-password' };
  await call(server, 'POST', `/api/invitations/${created.body.inviteCode}`, {
    as: null,
    body: { name: 'Vera', password: account.password },
  });
  fx.vera = { id: created.body._id, account };
  const shares = await call(server, 'GET', '/api/shares', { as: DEMO.admin, headers: { 'X-Range': 'resources=0-0' } });
  fx.share = shares.body[0];
});
afterAll(async () => server?.stop());

async function grantPreviews(previewSources: { ov: boolean; languages: string[]; countries: string[] }) {
  const a = fx.asset;
  const res = await call(server, 'PUT', `/api/shares/${fx.share._id}`, {
    as: DEMO.admin,
    body: {
      to: [{ _id: fx.vera.id, name: 'Vera', emailNormal: fx.vera.account.username }],
      groups: [],
      approved: true,
      assets: [{ _id: a._id, project: a.project, studio: a.studio, name: a.name, slug: a.slug, type: a.type }],
      permissions: [
        permissionOf({
          user: fx.vera.id,
          assets: [a._id],
          project: a.project,
          previews: 'watermarked',
          download: false,
          previewSources,
        }),
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function seen() {
  const list = await call(server, 'GET', `/api/previews?asset=${fx.asset._id}`, { as: fx.vera.account });
  const one = await call(server, 'GET', `/api/previews/${fx.previews[0]!._id}`, { as: fx.vera.account });
  const asset = await call(server, 'GET', `/api/assets/${fx.asset._id}`, { as: fx.vera.account });
  expect(asset.status).toBe(200);
  return { list: list.body as Rec[], total: totalOf(list.headers), one: one.status, summaries: asset.body.previews };
}

describe('sources.previews picks previews by version', () => {
  it('a Permission for fr-FR previews does not reach the original-version ones', async () => {
    await grantPreviews({ ov: false, languages: ['fr-FR'], countries: ['FR'] });
    const view = await seen();
    expect(view.list).toEqual([]);
    expect(view.total).toBe(0);
    expect(view.one).toBe(404);
    expect(view.summaries).toEqual([]);
    // The original's language named as a localised one reaches nothing either: it is the original version.
    await grantPreviews({ ov: false, languages: [fx.previews[0]!.language], countries: [] });
    expect((await seen()).total).toBe(0);
  });

  it('`ov` reaches them; a scope that names nothing does not narrow', async () => {
    for (const scope of [
      { ov: true, languages: [], countries: [] },
      { ov: false, languages: [], countries: [] },
    ]) {
      await grantPreviews(scope);
      const view = await seen();
      expect(view.total).toBe(fx.previews.length);
      expect(view.one).toBe(200);
      expect(view.summaries.length).toBe(fx.previews.length);
    }
  });
});
