/**
 * `$permissions` (the spec's "Computed blocks") of an asset, a share's asset or a project for the caller, computed
 * from their grants (grants.ts), so the app offers exactly what the server allows (docs/API.md, "Who sees what:
 * grants"). `access` holds verbs: `view`, `previews` (may watch), `watermarked` (previews carry the viewer's mark),
 * `download` (some file of the asset may be downloaded), `request` (may order work), `share` (may share onward),
 * `edit`, `autosub`, `ingest` (staff), and the Permission's other true flags by their spec names
 * (`projectAdminEmbargos`, `notes`…).
 */
import type { Doc } from '../storage/store';
import type { Caller } from './types';
import type { AccessFlag } from '../../src/api/schema/permission';
import { canEditCatalog } from './access';
import { ordersAtAll } from './grantedActions';
import { assetGrant, canReadProject, type AssetGrant, type Grants, type SourceScope } from './grants';

interface Scope {
  languages: string[];
  countries: string[];
}

export interface PermissionsBlock {
  canAutosub: boolean;
  sources: { requests: Scope; autosubs: Scope };
  access: string[];
  tags: { online: boolean; broadcast: boolean; dcp: boolean; cmyk: boolean; rgb: boolean };
  ingest: string[];
}

/** Flags that read as verbs of their own in `access`; the others keep their spec names. */
const FLAG_VERBS: Partial<Record<AccessFlag, string>> = { download: 'download', requests: 'request', sharing: 'share' };

function staffAccess(caller: Caller): string[] {
  const all = ['view', 'previews', 'edit', 'download', 'request', 'share', 'autosub'];
  return caller.isAdmin ? [...all, 'ingest'] : all;
}

/** The verbs of an asset grant of a caller who is not staff (`request` only for one who orders at all). */
function grantedAccess(caller: Caller, grant: AssetGrant): string[] {
  const out = ['view'];
  if (grant.previews !== 'none') out.push('previews');
  if (grant.previews === 'watermarked') out.push('watermarked');
  const files = grant.files === 'all' || grant.files.size > 0;
  if (grant.download && files) out.push('download');
  for (const flag of grant.flags) {
    if (flag === 'download' || (flag === 'requests' && !ordersAtAll(caller))) continue;
    out.push(FLAG_VERBS[flag] ?? flag);
  }
  return out;
}

/** The union of some source scopes' languages and countries. */
function unionOf(scopes: readonly SourceScope[]): Scope {
  return {
    languages: [...new Set(scopes.flatMap((s) => s.languages))],
    countries: [...new Set(scopes.flatMap((s) => s.countries))],
  };
}

function block(caller: Caller, access: string[], requests: Scope): PermissionsBlock {
  const editor = canEditCatalog(caller);
  return {
    canAutosub: editor,
    sources: { requests, autosubs: { languages: [], countries: [] } },
    access,
    tags: { online: true, broadcast: true, dcp: editor, cmyk: editor, rgb: true },
    ingest: caller.isAdmin ? ['video', 'image', 'audio', 'subtitle'] : [],
  };
}

const NO_SCOPE: Scope = { languages: [], countries: [] };

/** An asset's `$permissions` for the caller: nothing in `access` when they may not read it. */
export function assetPermissions(caller: Caller, grants: Grants, asset: Doc): PermissionsBlock {
  const grant = assetGrant(grants, asset);
  if (!grant) return block(caller, [], NO_SCOPE);
  if (grants.kind !== 'granted') return block(caller, staffAccess(caller), NO_SCOPE);
  return block(caller, grantedAccess(caller, grant), unionOf(grant.sources.requests));
}

/**
 * A project's `$permissions`: `view`, the flags of a project-wide Permission, and `request` when some asset of it may
 * be ordered on (staff: as on their assets).
 */
export function projectPermissions(caller: Caller, grants: Grants, project: Doc): PermissionsBlock {
  if (!canReadProject(grants, project)) return block(caller, [], NO_SCOPE);
  if (grants.kind !== 'granted') return block(caller, staffAccess(caller), NO_SCOPE);
  const flags = new Set(grants.projects.get(project._id)?.flags ?? []);
  // `request` where an order may start here: some asset of the project they may order on (grantedActions.ts).
  if ([...grants.assets.values()].some((g) => g.project === project._id && g.flags.has('requests')))
    flags.add('requests');
  if (!ordersAtAll(caller)) flags.delete('requests');
  return block(caller, ['view', ...[...flags].map((f) => FLAG_VERBS[f] ?? f)], NO_SCOPE);
}
