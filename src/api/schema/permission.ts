/** Permission (collection `Permissions`): what a share lets its recipients do. */
import * as z from 'zod/mini';
import { doc, id, anyList, selfLinks } from './common';

/** Boolean `access` flags, spelled exactly as the spec spells them (`manageWorkRequsts` included). */
export const ACCESS_FLAGS = [
  'sharing',
  'push',
  'download',
  'requests',
  'notes',
  'manageWorkRequsts',
  'projectAdminView',
  'projectAdminUpdate',
  'projectAdminEmbargos',
  'workRequestReport',
  'downloadReport',
  'exceptionReport',
  'groupSpendingReport',
  'adminWorkRequests',
  'shareVotingView',
] as const;
export type AccessFlag = (typeof ACCESS_FLAGS)[number];

export const SOURCE_KINDS = ['download', 'previews', 'requests', 'social'] as const;

const source = doc({ ov: z.boolean(), countries: anyList, languages: anyList });
const groupsOnly = doc({ groups: anyList });

export const access = doc({
  ...(Object.fromEntries(ACCESS_FLAGS.map((k) => [k, z.boolean()])) as Record<AccessFlag, z.ZodMiniBoolean>),
  previews: z.string(),
});
export type Access = z.infer<typeof access>;

export const permission = doc({
  _id: id,
  sources: doc({
    download: source,
    previews: source,
    requests: source,
    social: source,
    manageWorkRequests: groupsOnly,
    adminWorkRequests: groupsOnly,
  }),
  approved: z.boolean(),
  project: id,
  assets: z.array(id),
  tags: z.array(z.array(z.string())),
  types: anyList,
  access,
  user: id,
  share: id,
  $links: selfLinks,
});
export type Permission = z.infer<typeof permission>;
