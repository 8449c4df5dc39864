/**
 * The contract's computed fields: every `$`-prefixed member (`$links`, `$permissions`, `$etag`, …) is made by the
 * server on output and never taken from a body (docs/API.md, "Read-only fields"). One rule for the server, which
 * ignores them in bodies, and the app, which leaves them out of what it writes back; and the shapes of the computed
 * blocks on assets, projects and share assets: `$permissions` and `$feedback`.
 */
import * as z from 'zod/mini';
import { doc, strings, scope } from './common';

export const permissionsBlock = doc({
  canAutosub: z.boolean(),
  sources: doc({ requests: scope, autosubs: scope }),
  access: strings,
  tags: doc({ online: z.boolean(), broadcast: z.boolean(), dcp: z.boolean(), cmyk: z.boolean(), rgb: z.boolean() }),
  ingest: strings,
});
export type PermissionsBlock = z.infer<typeof permissionsBlock>;

/**
 * Whether a record's `$permissions` let the viewer do `verb` (`previews`, `download`, `request`, `share`…: the server
 * computes them from the viewer's grants, docs/API.md "Who sees what: grants"). A record without the block (an older
 * server) allows what the role allows: `undefined`, for the caller to decide.
 */
export function allows(
  block: { access?: readonly string[] | undefined } | undefined,
  verb: string,
): boolean | undefined {
  return block?.access ? block.access.includes(verb) : undefined;
}

export const feedbackBlock = doc({
  share: z.string(),
  vote: z.string(),
  summary: z.array(z.unknown()),
  /** Extension on a share's assets: the reader's own answers and comment (docs/API.md "Share feedback"). */
  answers: z.record(z.string(), z.string()),
  comment: z.string(),
});
export type FeedbackBlock = z.infer<typeof feedbackBlock>;

/** A copy without `$`-prefixed members, at any depth. */
export function stripComputed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripComputed) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!k.startsWith('$')) out[k] = stripComputed(v);
    return out as T;
  }
  return value;
}
