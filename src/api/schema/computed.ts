/** The computed, read-only blocks on assets, projects and share assets: `$permissions` and `$feedback`. */
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

export const feedbackBlock = doc({ share: z.string(), vote: z.string(), summary: z.array(z.unknown()) });
export type FeedbackBlock = z.infer<typeof feedbackBlock>;
