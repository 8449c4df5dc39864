/**
 * A work request's `urls` ({view, manage, invite, translate}) are built from the app's address and may hold
 * the literal placeholders `:workRequest` and `:code`. Here they become this app's routes: `:workRequest` is
 * the record's id; a URL whose path is one of our routes becomes an in-app link; `:code` (a per-invitation
 * code) cannot be filled in from the record, so that link is shown as a template.
 */

export interface ResolvedUrl {
  key: string;
  /** The URL as the record carries it. */
  template: string;
  /** In-app route, when the path is one of ours and no placeholder is left. */
  to: string | undefined;
  /** Why there is no link. */
  note: string | undefined;
}

const APP_ROUTES: RegExp[] = [
  /^\/work-requests(\/[^/]+(\/translation|\/graphics-translation)?)?$/,
  /^\/translations(\/[^/]+)?$/,
  /^\/notifications$/,
  /^\/shares(\/[^/]+)?$/,
  /^\/invite\/[^/:]+$/,
];

function pathOf(url: string): string | undefined {
  try {
    const parsed = new URL(url, 'http://app.invalid');
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return undefined;
  }
}

export function resolveRecordUrls(urls: Record<string, unknown> | undefined, workRequestId: string): ResolvedUrl[] {
  if (!urls) return [];
  const out: ResolvedUrl[] = [];
  for (const [key, value] of Object.entries(urls)) {
    if (typeof value !== 'string' || !value) continue;
    const filled = value.split(':workRequest').join(encodeURIComponent(workRequestId));
    const path = pathOf(filled);
    const pathname = path?.split(/[?#]/)[0];
    if (filled.includes(':code')) {
      out.push({
        key,
        template: value,
        to: undefined,
        note: 'Holds a per-invitation code (:code), filled in when an invitation is sent.',
      });
    } else if (pathname && APP_ROUTES.some((re) => re.test(pathname))) {
      out.push({ key, template: value, to: path, note: undefined });
    } else {
      out.push({ key, template: value, to: undefined, note: 'Not a page of this app.' });
    }
  }
  return out;
}
