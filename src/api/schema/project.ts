/** Project (collection `Projects`). */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links } from './common';
import { permissionsBlock } from './computed';

export const project = doc({
  _id: id,
  studio: id,
  logo: id,
  name: z.string().check(z.maxLength(300)),
  importName: z.string(),
  slug: z.string(),
  filePrefix: z.string(),
  archived: z.boolean(),
  verified: z.boolean(),
  created: ts,
  $flags: anyList,
  $links: links('studio', 'logo'),
  $permissions: permissionsBlock,
});
export type Project = z.infer<typeof project>;
