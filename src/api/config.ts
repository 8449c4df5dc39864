/**
 * Runtime configuration: where the API lives. Read once at start-up, in this order:
 * 1. the JSON block `<script type="application/json" id="mws-config">` a server may put in index.html (data,
 *    not script: the pages' Content-Security-Policy runs no inline script),
 * 2. `/config.json` (a server or a static host may serve it),
 * 3. the default: same-origin `/api`.
 * The same build therefore runs against this project's server and a real deployment.
 */
import { injectedConfig } from './injectedConfig';
import { DEFAULT_CONFIG, runtimeConfig, type RuntimeConfig } from './schema/runtimeConfig';

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a),
): Promise<RuntimeConfig> {
  const injected = runtimeConfig.safeParse(injectedConfig());
  if (injected.success) return injected.data;
  try {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 2000);
    const response = await fetchImpl('/config.json', {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    clearTimeout(timer);
    // An SPA fallback may answer index.html here: only JSON counts.
    if (response.ok && (response.headers.get('Content-Type') ?? '').includes('json')) {
      const parsed = runtimeConfig.safeParse(await response.json());
      if (parsed.success) return parsed.data;
    }
  } catch {
    // No config served: use the default.
  }
  return DEFAULT_CONFIG;
}
