/** Language (collection `Languages`). */
import * as z from 'zod/mini';
import { doc, id, ts, selfLinks } from './common';

export const translationFont = doc({ face: z.string(), size: z.int() });

export const language = doc({
  _id: id,
  name: z.string().check(z.maxLength(200)),
  code: z.string(),
  dcpCode: z.string(),
  isoCode: z.string(),
  translationFonts: z.array(translationFont),
  created: ts,
  $links: selfLinks,
});
export type Language = z.infer<typeof language>;
