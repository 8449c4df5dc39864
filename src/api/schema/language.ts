/** Language (collection `Languages`). */
import { z } from 'zod';
import { doc, id, ts, selfLinks } from './common';

export const translationFont = doc({ face: z.string(), size: z.number().int() });

export const language = doc({
  _id: id,
  name: z.string().max(200),
  code: z.string(),
  dcpCode: z.string(),
  isoCode: z.string(),
  translationFonts: z.array(translationFont),
  created: ts,
  $links: selfLinks,
});
export type Language = z.infer<typeof language>;
