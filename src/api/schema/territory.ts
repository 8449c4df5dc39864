/** Territory (collection `Territories`). */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, selfLinks } from './common';

export const territory = doc({
  _id: id,
  name: z.string().check(z.maxLength(200)),
  languages: anyList,
  assignedLanguages: anyList,
  countries: anyList,
  /** Extension (docs/API.md, "Territory codes"): the readable name; `name` is the code. */
  displayName: z.string(),
  created: ts,
  $links: selfLinks,
});
export type Territory = z.infer<typeof territory>;
