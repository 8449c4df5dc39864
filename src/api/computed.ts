/**
 * The contract's computed fields: every `$`-prefixed member (`$links`, `$permissions`, `$etag`, …) is made by the
 * server on output and never taken from a body (docs/API.md, "Read-only fields"). One rule for the server, which
 * ignores them in bodies, and the app, which leaves them out of what it writes back.
 */

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
