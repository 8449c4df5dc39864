/**
 * The runtime configuration the page carries, unchecked: the JSON block a server may put in index.html (data, not
 * script). config.ts checks it against the schema; the request started before the app (src/app/earlyRequest.ts)
 * reads only its API base, without the schema's code.
 */
import { CONFIG_ELEMENT_ID } from './schema/configElement';

export function injectedConfig(): unknown {
  const text = typeof document !== 'undefined' ? document.getElementById(CONFIG_ELEMENT_ID)?.textContent : undefined;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
