/**
 * The app's runtime configuration as the server hands it over
 * (docs/decisions/110-runtime-configuration-and-session.md): the JSON block with id CONFIG_ELEMENT_ID in index.html, or
 * /config.json. Shared by the server that writes it and src/api/config.ts that reads it.
 */
import * as z from 'zod/mini';

export const runtimeConfig = z.object({
  /** Base of the API, absolute (`https://mws.example.com/api`) or same-origin (`/api`). */
  apiBase: z.string().check(
    z.minLength(1),
    z.refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'must be a path or an http(s) URL'),
  ),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

export const DEFAULT_CONFIG: RuntimeConfig = { apiBase: '/api' };

export { CONFIG_ELEMENT_ID } from './configElement';
