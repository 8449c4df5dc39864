/** Studio (collection `Studios`). */
import { z } from 'zod';
import { doc, id, ts, links } from './common';

export const studio = doc({
  _id: id,
  logo: id,
  coordinator: id,
  name: z.string().max(300),
  slug: z.string(),
  previewWatermarkFormat: z.string(),
  created: ts,
  $links: links('coordinator', 'logo'),
});
export type Studio = z.infer<typeof studio>;
