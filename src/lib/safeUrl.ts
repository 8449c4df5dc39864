/**
 * Links that come from records (offline download paths, preview paths, record urls) are only followed when
 * they are http(s) or same-origin paths: never `javascript:` or `data:`.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const v = value.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  if (v.startsWith('//')) return `${window.location.protocol}${v}`;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A same-app path safe to navigate back to after sign-in (no other origins). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
