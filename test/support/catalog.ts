/** Finding demo catalog records in API tests. */
import { ACCESS_FLAGS, type AccessFlag } from '../../src/api/schema/permission';
import { call, type Account, type TestServer } from './server';

/** The asset of this name in the project of this file prefix (as the coordinator reads it). */
export async function assetNamed(server: Pick<TestServer, 'url'>, projectPrefix: string, name: string) {
  const projects = await call(server, 'GET', '/api/projects', { headers: { 'X-Range': 'resources=0-99' } });
  const project = projects.body.find((p: { filePrefix: string }) => p.filePrefix === projectPrefix);
  const assets = await call(server, 'GET', `/api/assets/countByProject?project=${project._id}`, {
    headers: { 'X-Range': 'resources=0-99' },
  });
  return assets.body.find((a: { name: string }) => a.name === name);
}

/** A Permission for `user` (or, without one, for every recipient of its share), as a share carries it inline. */
export function permissionOf(options: {
  user?: string;
  assets: string[];
  project: string;
  previews: 'none' | 'watermarked' | 'clean';
  download: boolean;
  downloadSources?: { ov: boolean; languages: string[]; countries: string[] };
  /** Other `access` flags set true (`requests`, `sharing`…). */
  flags?: readonly AccessFlag[];
  previewSources?: { ov: boolean; languages: string[]; countries: string[] };
  requestSources?: { ov: boolean; languages: string[]; countries: string[] };
}): Record<string, unknown> {
  const access: Record<string, unknown> = Object.fromEntries(ACCESS_FLAGS.map((k) => [k, false]));
  for (const flag of options.flags ?? []) access[flag] = true;
  access.download = options.download;
  access.previews = options.previews;
  const none = { ov: false, countries: [], languages: [] };
  return {
    sources: {
      download: options.downloadSources ?? none,
      previews: options.previewSources ?? none,
      requests: options.requestSources ?? none,
      social: none,
      manageWorkRequests: { groups: [] },
      adminWorkRequests: { groups: [] },
    },
    approved: true,
    project: options.project,
    assets: options.assets,
    tags: [],
    types: [],
    access,
    ...(options.user ? { user: options.user } : {}),
  };
}

type AssetSummary = { _id: string; project: string; studio: string; name: string; slug: string; type: string };

/** An asset as a share lists it (the summary a share's `assets` hold). */
export function shareAssetOf(a: Record<string, unknown>) {
  return { _id: a._id, project: a.project, studio: a.studio, name: a.name, slug: a.slug, type: a.type };
}

/**
 * Gives `user` a download grant on `assets` (docs/API.md, "Who sees what: grants"): an admin rewrites the first demo
 * share into one approved share to them with the assets, previews `watermarked` and every file's language and
 * country in `sources.download`. For tests that need a non-staff person who may download an asset's files.
 */
export async function grantDownload(
  server: Pick<TestServer, 'url'>,
  admin: Account,
  user: { _id: string; name: string; emailNormal: string },
  assets: AssetSummary[],
): Promise<void> {
  const shares = await call(server, 'GET', '/api/shares', { as: admin, headers: { 'X-Range': 'resources=0-0' } });
  const share = shares.body[0] as { _id: string };
  const permissions = [];
  for (const asset of assets) {
    const files = await call(server, 'GET', `/api/files?asset=${asset._id}`, {
      as: admin,
      headers: { 'X-Range': 'resources=0-199' },
    });
    const values = (field: string) => [
      ...new Set((files.body as Record<string, unknown>[]).map((f) => f[field]).filter((v) => typeof v === 'string')),
    ];
    permissions.push(
      permissionOf({
        user: user._id,
        assets: [asset._id],
        project: asset.project,
        previews: 'watermarked',
        download: true,
        downloadSources: { ov: true, countries: values('country'), languages: values('language') },
      }),
    );
  }
  const res = await call(server, 'PUT', `/api/shares/${share._id}`, {
    as: admin,
    body: {
      to: [user],
      groups: [],
      approved: true,
      assets: assets.map(shareAssetOf),
      permissions,
    },
  });
  if (res.status !== 200) throw new Error(`granting a download failed: ${res.status} ${JSON.stringify(res.body)}`);
}
