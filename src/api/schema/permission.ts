/** Permission (collection `Permissions`): what a share lets its recipients do. */
import * as z from 'zod/mini';
import { doc, id, anyList, selfLinks } from './common';
import { keyWords } from './words';

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

/**
 * Each flag in words (the one map: the share editor, asset permissions and anything else showing flags read it),
 * so people never read a flag's code such as the spec's `manageWorkRequsts`.
 */
export const ACCESS_FLAG_TEXT: Record<AccessFlag, { label: string; help: string }> = {
  sharing: { label: 'Share onward', help: 'May share these assets with other people.' },
  push: { label: 'Push delivery', help: 'May push assets to their own systems.' },
  download: { label: 'Download', help: 'May download the shared files.' },
  notes: { label: 'Notes', help: 'May read and write notes on the share.' },
  shareVotingView: { label: 'See votes', help: 'May see how others voted on the shared assets.' },
  requests: { label: 'Request work', help: 'May order localization work on these assets.' },
  manageWorkRequsts: {
    label: 'Manage work requests',
    help: 'May change and follow up the work requests of these assets.',
  },
  adminWorkRequests: {
    label: 'Administer work requests',
    help: 'Full control over the work requests, including other people’s.',
  },
  projectAdminView: { label: 'View project settings', help: 'May see the project’s administration pages.' },
  projectAdminUpdate: { label: 'Change project settings', help: 'May change the project’s settings.' },
  projectAdminEmbargos: { label: 'Manage embargoes', help: 'May set and lift embargoes on the project’s files.' },
  workRequestReport: { label: 'Work request report', help: 'May run the work request report.' },
  downloadReport: { label: 'Download report', help: 'May run the report of who downloaded what.' },
  exceptionReport: { label: 'Exception report', help: 'May run the report of delivery exceptions.' },
  groupSpendingReport: { label: 'Group spending report', help: 'May run the report of spending per group.' },
};

/** A flag's label; a flag this console does not know (a newer deployment) in words made from its key. */
export function accessFlagLabel(key: string): string {
  const known = (ACCESS_FLAG_TEXT as Record<string, { label: string } | undefined>)[key];
  return known ? known.label : keyWords(key);
}

/**
 * Whether a Permission's `sources` list names a language: `en` and `en-GB` are the same language for a list; `en-GB`
 * and `en-US` are not (docs/API.md, "Who sees what: grants"). The server's grants and the order wizard's choices.
 */
export function sameLanguage(listed: string, language: string): boolean {
  const [a, b] = [listed.toLowerCase(), language.toLowerCase()];
  if (a === b) return true;
  const primary = (t: string) => t.split('-')[0];
  return primary(a) === primary(b) && (!a.includes('-') || !b.includes('-'));
}

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
