/**
 * Extensions a deployment turned out to lack, remembered for as long as the app runs (docs/API.md, "Counts in one
 * request"): the app then asks the spec's way at once, and never the missing extension again on every refresh. A
 * reload forgets (one more refused request then, against a deployment that may since have gained the extension).
 */
import { apiBaseUrl, isApiError, isUnavailable } from './client';

const missing = new Set<string>();
const keyOf = (path: string) => `${apiBaseUrl()} ${path}`;

/**
 * The extension is missing: it answered 404, 405 or 501 (`isUnavailable`), or a 400 whose `details` name none of
 * its own parameters (this server's 400s for an extension's bad input always name the parameter: a 400 that names
 * none is a deployment reading the path as something else, such as a record id it cannot parse).
 */
export function isMissingExtension(error: unknown, parameters: readonly string[]): boolean {
  if (isUnavailable(error)) return true;
  if (!isApiError(error) || error.status !== 400) return false;
  const details: unknown = error.details;
  const named = Array.isArray(details)
    ? details.some((d: unknown) => {
        const path: unknown = typeof d === 'object' && d !== null ? (d as { path?: unknown }).path : undefined;
        return typeof path === 'string' && parameters.includes(path);
      })
    : false;
  return !named;
}

/**
 * `extension()`, unless the deployment is known to lack it; when it answers that it lacks it, that is remembered
 * and `fallback()` answers instead (now and from then on). Any other failure is the caller's, as it was.
 */
export async function withFallback<T>(
  path: string,
  parameters: readonly string[],
  extension: () => Promise<T>,
  fallback: () => Promise<T>,
): Promise<T> {
  if (!missing.has(keyOf(path))) {
    try {
      return await extension();
    } catch (error) {
      if (!isMissingExtension(error, parameters)) throw error;
      missing.add(keyOf(path));
    }
  }
  return fallback();
}

/** Forgets what was learnt (tests; a new API base is a new key anyway). */
export function forgetMissingExtensions(): void {
  missing.clear();
}
