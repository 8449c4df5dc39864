/**
 * The `urls` records carry (a work request's view/manage/translate/invite, a share's playlist/invite and one per
 * asset) as links a person can follow, or nothing: a URL is a template built from the app's address and may hold
 * placeholders (`:workRequest`, `:share`, `:code`, `{id}`). Known placeholders are filled from the record; a URL
 * still holding one (a per-invitation `:code`), one that is not http(s), or one on this app's host that is not
 * one of its pages is left out, never shown as text. A URL whose path is one of this app's pages opens in the app;
 * one on another host opens as an external link.
 */

export interface RecordLink {
  key: string;
  /** In-app path (pathname + search + hash). */
  to?: string | undefined;
  /** External http(s) URL. */
  href?: string | undefined;
}

const APP_ROUTES: RegExp[] = [
  /^\/work-requests(\/[^/]+(\/translation|\/graphics-translation)?)?$/,
  /^\/translations(\/[^/]+)?$/,
  /^\/notifications$/,
  /^\/shares(\/[^/]+(\/assets\/[^/]+)?)?$/,
  /^\/catalog(\/.*)?$/,
  /^\/invite\/[^/:]+$/,
];

/** A placeholder left in a URL: `:name` as a path segment, or `{name}`. */
const PLACEHOLDER = /(^|[/=])(:[A-Za-z]\w*)|\{\w+\}|%7B\w+%7D/i;

export interface LinkContext {
  /** Placeholders and their values, e.g. `{ ':share': id }`. */
  fill: Record<string, string>;
  /** The app's origin. */
  origin: string;
  /**
   * Whether a URL on another host whose path is one of this app's pages opens in the app (a work request's urls
   * are built from the deployment's own address, which may not be this console's).
   */
  appRoutesOnAnyHost?: boolean;
}

export function resolveRecordLink(key: string, template: string, ctx: LinkContext): RecordLink | undefined {
  let filled = template.trim();
  if (!filled) return undefined;
  for (const [placeholder, value] of Object.entries(ctx.fill))
    filled = filled.split(placeholder).join(encodeURIComponent(value));
  let url: URL;
  try {
    url = new URL(filled, ctx.origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (PLACEHOLDER.test(url.pathname) || PLACEHOLDER.test(url.search)) return undefined;
  const sameHost = url.host === new URL(ctx.origin).host;
  const appPage = APP_ROUTES.some((re) => re.test(url.pathname));
  if (appPage && (sameHost || ctx.appRoutesOnAnyHost)) return { key, to: url.pathname + url.search + url.hash };
  if (sameHost) return undefined;
  return { key, href: url.href };
}

/** Every usable link of a record's `urls` (string values only), leaving out `skip` keys. */
export function recordLinks(
  urls: Record<string, unknown> | undefined,
  ctx: LinkContext,
  skip: ReadonlySet<string> = new Set(),
): RecordLink[] {
  if (!urls) return [];
  return Object.entries(urls).flatMap(([key, value]) => {
    if (skip.has(key) || typeof value !== 'string') return [];
    const link = resolveRecordLink(key, value, ctx);
    return link ? [link] : [];
  });
}
