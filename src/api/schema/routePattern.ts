/**
 * Route matching shared by the app's start-up (src/app/preloadPage.ts) and the server's preload links
 * (server/http/routePreloads.ts): a small subset of react-router's (static segments, `:param`, a trailing `*`);
 * src/app/preloadPage.test.ts checks it against react-router's own matcher for every page. Here, beside the schemas,
 * because this folder is what the server may share with the app (eslint's layers); no imports.
 */

export type Params = Record<string, string | undefined>;

/** The params of `pathname` under `pattern`, or undefined when it does not match. */
export function matchPattern(pattern: string, pathname: string): Params | undefined {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    if (i >= have.length) return undefined;
    const value = safeDecode(have[i]!);
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment !== value) return undefined;
  }
  return want.length === have.length ? params : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
