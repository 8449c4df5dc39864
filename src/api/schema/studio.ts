/** Studio (collection `Studios`). */
import * as z from 'zod/mini';
import { doc, id, ts, links } from './common';

export const studio = doc({
  _id: id,
  logo: id,
  coordinator: id,
  name: z.string().check(z.maxLength(300)),
  slug: z.string(),
  previewWatermarkFormat: z.string(),
  created: ts,
  $links: links('coordinator', 'logo'),
});
export type Studio = z.infer<typeof studio>;
