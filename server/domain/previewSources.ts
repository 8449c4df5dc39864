/**
 * Which previews of an asset a grant reaches (docs/API.md, "Who sees what: grants"): a Permission's
 * `sources.previews` picks previews by version, as `sources.download` picks files. A preview is an **original
 * version** when it names no language (`und`, `zxx`, none), is tagged `ov`, or is in the asset's original language
 * (the language of its dialogue transcription, the text the picture was made in); any other preview is localised and
 * reached through `languages` (and `countries`, for a preview that names a country), as grants.ts `sourceReaches`.
 * A `sources.previews` that names nothing (`ov` false, no languages) does not narrow: the Permission's `previews`
 * mode reaches every preview, as it did before sources were read (the share editor's new Permission names none).
 */
import type { Doc, StoreOps } from '../storage/store';
import { isOriginalVersion, sourceReaches, type SourceScope } from './grants';

/** Whether a `sources.previews` narrows the previews a Permission reaches (it names a version). */
export function narrowsPreviews(scope: SourceScope | undefined): scope is SourceScope {
  return scope !== undefined && (scope.ov || scope.languages.length > 0);
}

/** What the preview ids of the watchable assets are computed from: per asset, every scope or `all`. */
export type PreviewReach = Map<string, SourceScope[] | 'all'>;

const ALL = 1_000_000;
/** A translation's large fields: the transcription's language is all that is read here. */
const TRANSLATION_OMIT = ['lines', 'printLines'];

/**
 * The previews each watchable asset's grant reaches, as sets of preview ids (read in one query per collection):
 * every preview of an asset reached by an unnarrowed grant, else those some scope reaches.
 */
export async function reachedPreviews(store: StoreOps, reach: PreviewReach): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>([...reach.keys()].map((id) => [id, new Set<string>()]));
  if (reach.size === 0) return out;
  const narrowed = [...reach.entries()].filter(([, r]) => r !== 'all').map(([id]) => id);
  const [previews, originals] = await Promise.all([
    store.list('Previews', {
      filters: [{ field: 'asset', op: 'in', value: [...reach.keys()] }],
      offset: 0,
      limit: ALL,
    }),
    originalLanguages(store, narrowed),
  ]);
  for (const p of previews.items) {
    const asset = String(p.asset);
    const scopes = reach.get(asset);
    if (!scopes) continue;
    if (scopes === 'all' || scopes.some((s) => previewReaches(s, p, originals.get(asset)))) out.get(asset)!.add(p._id);
  }
  return out;
}

/** Whether a narrowing scope reaches a preview (the module's comment). */
export function previewReaches(scope: SourceScope, preview: Doc, original: string | undefined): boolean {
  const language = typeof preview.language === 'string' ? preview.language.trim().toLowerCase() : '';
  const ov = isOriginalVersion(preview) || (original !== undefined && language === original.toLowerCase());
  if (ov) return scope.ov;
  return sourceReaches(scope, preview);
}

/** Each asset's original language: its dialogue (else graphics) transcription's `language`. */
async function originalLanguages(store: StoreOps, assetIds: string[]): Promise<Map<string, string>> {
  if (assetIds.length === 0) return new Map();
  const assets = await store.getMany('Assets', assetIds, { omit: ['previews', 'usage'] });
  const transcriptionOf = new Map<string, string>();
  for (const { doc } of assets) {
    const t = (doc.transcription ?? {}) as { dialogue?: unknown; graphics?: unknown };
    const id = typeof t.dialogue === 'string' ? t.dialogue : typeof t.graphics === 'string' ? t.graphics : undefined;
    if (id) transcriptionOf.set(id, doc._id);
  }
  const transcriptions = transcriptionOf.size
    ? await store.getMany('Translations', [...transcriptionOf.keys()], { omit: TRANSLATION_OMIT })
    : [];
  const out = new Map<string, string>();
  for (const { doc } of transcriptions)
    if (typeof doc.language === 'string' && doc.language) out.set(transcriptionOf.get(doc._id)!, doc.language);
  return out;
}
