/**
 * Deterministic demo data for MWS Console, written through the Store interface (docs/API.md, "Stored shapes").
 *
 * Call `seedDemo(store)` on an empty store only (`isEmpty(store)`: no Users). The same seed and the same `now`
 * give identical documents and ids (every id comes from `newId` fed by the seeded PRNG of ./random.ts); only the
 * users' `passwordHash` differs between runs (scrypt salts are random). `now` defaults to DEMO_NOW,
 * 2026-11-20T12:00:00Z; every timestamp is derived from it (due dates from six weeks before to five months after).
 *
 * What is seeded (exact counts for the default seed; `npx vitest run server/seed` checks them):
 *   Groups 8, Users 17 (DEMO_ACCOUNTS + 14 with password DEMO_PASSWORD), Studios 2, Projects 6 (one archived),
 *   Assets 61 (10 per project, and the 90-minute feature of ./feature.ts), Previews 1–3 per asset, Files 2–5 per
 *   asset + 8 logos (2 studios, 6 projects), Languages 25, Territories 23, Workrequests 401 over all nine statuses
 *   (400 and the feature's, in progress), Translations (one English
 *   transcription per dialogue / graphics track of each asset, one translation per work request and a graphics
 *   translation for work requests on assets that have both dialogue and graphics), Comments 300 on 120 work
 *   requests, Shares 12 (permissions inline), Events and Notifications for recent past activity (demo coordinator
 *   ~60 with ~15 unread, demo translator ~20, admin ~10). See DEMO_COUNTS and the returned SeedSummary.
 *
 * Conventions other code relies on:
 * - Territory codes. A work request's `territory` is a short code; the Territory record stores that code as its
 *   `name` (indexed) and a human-readable `displayName` (extra field). Codes: US, CA, UK, FR, DE, ES, IT, NL,
 *   NORDICS, PL, RU, TR, MENA, IL, IN, JP, KR, CN, TW, TH, AU, BR, LATAM (./vocab.ts TERRITORIES). A work
 *   request's `language` is always one of its territory's `languages`. A user's `territory` is {_id, name: code}.
 * - Translations carry an extra field `kind`: 'dialogue' | 'graphics'. An asset's English transcription is a
 *   Translations record with language 'en', status 'submitted', no workRequest and no translator; the asset's
 *   `transcription` is {dialogue: id} for every video plus {graphics: id} when it has on-screen text (all images
 *   have graphics only). A work request's `translation` translates the asset's dialogue (or, for images, its
 *   graphics), line for line; `graphicsTranslation` exists when the asset has both. Translation status is
 *   'submitted' when the work request is for-review, approved or complete, else 'incomplete'.
 * - Groups: types admin / coordinator / translator / client. Each studio's `coordinator` is its coordinator group.
 *   Requesters (Priya Raman, Diego Alvarez) are in `client` groups "<Studio> Territory Marketing"; share
 *   recipients in the `client` group "Press & Partners". The demo coordinator is in both coordinator groups.
 * - Work request `urls` keep the placeholders ('/work-requests/:workRequest', '/invite/:code'); events carry the
 *   id filled in. Comments store `urls.workRequest` = '/work-requests/<id>'.
 * - Files records that are thumbnails carry extra fields mime, bucket, chunkSize, length, md5, uploadDate (copied
 *   into the work request's embedded thumbnail); embargoes lifted in the past exist on EMBARGO_EVENTS files.
 */
import type { Collection, Doc, Store } from '../storage/store';
import { COLLECTIONS } from '../storage/store';
import { buildDemoGlossary } from './glossary';
import { buildDemoSpecs } from './specs';
import { hashPassword } from '../domain/passwords';
import { storedMedia } from '../domain/media';
import { lineStats, summarize } from '../domain/translations';
import { EVENT_WR_FIELDS, eventFor } from '../domain/events';
import { rememberApproved } from '../domain/memory';
import { Rng, hashSeed } from './random';
import { buildLines, makeTiming, transcriptionDoc, type Timing } from './lines';
import { attachDemoMedia } from './demoMedia';
import { FEATURE_PROJECT, buildFeature } from './feature';
import { slugify } from '../../src/api/schema/slug';
import { CLOSED_STATUSES } from '../../src/api/schema/workRequestRow';
import {
  LANGUAGES,
  LANGUAGE_WEIGHTS,
  TERRITORIES,
  INSTRUCTIONS,
  SCRIPT_INSTRUCTION,
  COMMENTS,
  MARKUP_COMMENTS,
  STATUS_REASONS,
  SHARE_NOTES,
  type TerritoryDef,
} from './vocab';
import {
  wamTitle,
  wrStatusTitle,
  wrCommentTitle,
  translationSubmittedTitle,
  shareTitle,
  embargoTitle,
} from '../domain/titles';

export const DEMO_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
export const DEMO_SEED = 20261120;
export const DEMO_PASSWORD = 'demo-password';
export const DAY = 86_400;

export type DemoRole = 'admin' | 'coordinator' | 'translator';
export interface DemoAccount {
  role: DemoRole;
  name: string;
  username: string;
  password: string;
  _id: string;
}

/** The three sign-in accounts of the demo. */
export const DEMO_ACCOUNTS: readonly Omit<DemoAccount, '_id'>[] = [
  { role: 'admin', name: 'Ada Admin', username: 'admin@mws.test', password: 'admin-demo' },
  { role: 'coordinator', name: 'Cora Coordinator', username: 'coordinator@mws.test', password: 'coordinator-demo' },
  { role: 'translator', name: 'Tomas Translator', username: 'translator@mws.test', password: 'translator-demo' },
];

export const WORK_REQUEST_STATUS_COUNTS: Readonly<Record<string, number>> = {
  incomplete: 40,
  submitted: 55,
  'awaiting-materials': 40,
  'in-progress': 80,
  'for-review': 40,
  approved: 30,
  rejected: 20,
  complete: 70,
  cancelled: 25,
};
/** Statuses the automation queue skips (docs/API.md, operation 1): the contract's. */
export { CLOSED_STATUSES };
/**
 * Work requests given `auto` or `autosubs` among those not complete, cancelled or rejected (and 10 among those).
 * The statuses the demo samples from predate "approved" counting as closed and are kept, so the demo
 * data stays as it was: the queue is these less the approved ones (SeedSummary.automationQueue).
 */
export const AUTOMATION_SAMPLED = 40;
const SAMPLED_AS_CLOSED = ['complete', 'cancelled', 'rejected'];

/** Exact counts of the demo set for the default seed (the random-sized collections are checked by tests). */
export const DEMO_COUNTS = {
  Groups: 8,
  Users: 17,
  Studios: 2,
  Projects: 6,
  Assets: 61,
  Languages: 25,
  Territories: 23,
  Workrequests: 401,
  Comments: 300,
  Shares: 12,
} as const;

/** Status paths of a work request's history, ending in its status; one is picked per work request. */
export const HISTORY_PATHS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  incomplete: [['incomplete']],
  submitted: [['incomplete', 'submitted']],
  'awaiting-materials': [
    ['incomplete', 'submitted', 'awaiting-materials'],
    ['incomplete', 'awaiting-materials'],
  ],
  'in-progress': [
    ['incomplete', 'submitted', 'in-progress'],
    ['incomplete', 'submitted', 'awaiting-materials', 'in-progress'],
  ],
  'for-review': [['incomplete', 'submitted', 'in-progress', 'for-review']],
  approved: [['incomplete', 'submitted', 'in-progress', 'for-review', 'approved']],
  rejected: [
    ['incomplete', 'submitted', 'rejected'],
    ['incomplete', 'submitted', 'in-progress', 'for-review', 'rejected'],
  ],
  complete: [
    ['incomplete', 'submitted', 'in-progress', 'approved', 'complete'],
    ['incomplete', 'submitted', 'in-progress', 'complete'],
  ],
  cancelled: [
    ['incomplete', 'cancelled'],
    ['incomplete', 'submitted', 'cancelled'],
  ],
};

/** Due date offsets from now, in days, by status: closed work is mostly past, new work mostly ahead. */
const DUE_OFFSETS: Record<string, [number, number]> = {
  incomplete: [10, 150],
  submitted: [5, 120],
  'awaiting-materials': [-10, 90],
  'in-progress': [-14, 60],
  'for-review': [-7, 45],
  approved: [-21, 30],
  rejected: [-30, 60],
  complete: [-42, 10],
  cancelled: [-42, 90],
};

export interface SeedOptions {
  /** The base time everything is derived from (ms or Date). Default DEMO_NOW. */
  now?: number | Date;
  /** PRNG seed. Default DEMO_SEED. */
  seed?: number;
}

export interface NotificationCount {
  total: number;
  unread: number;
}

export interface SeedSummary {
  /** ISO time the data was derived from. */
  now: string;
  counts: Record<Collection, number>;
  accounts: DemoAccount[];
  /** Notifications of the three demo accounts. */
  notifications: Record<DemoRole, NotificationCount>;
  /** Work requests per status. */
  statuses: Record<string, number>;
  /** Size of the automation queue (auto or autosubs, not closed). */
  automationQueue: number;
  /** Work requests whose translation the demo translator holds. */
  translatorWorkRequests: number;
  ms: number;
  /** Previews whose media the server makes from a transcription on first request (MediaLibrary.prepare). */
  synthesisedPreviews: string[];
}

/** True when the store has no users (the only state seedDemo may run on). */
export async function isEmpty(store: Store): Promise<boolean> {
  return (await store.count('Users')) === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Internal records the builder keeps to wire documents together.

type D = Doc;
interface GroupRec {
  _id: string;
  name: string;
  type: string;
  studios: string[];
  users: string[];
  created: number;
}
interface UserRec {
  _id: string;
  key: string;
  name: string;
  email: string;
  groups: GroupRec[];
  territory: TerritoryDef;
  languages: string[];
  created: number;
  password: string;
}
interface StudioRec {
  _id: string;
  key: string;
  name: string;
  slug: string;
  coordGroup: GroupRec;
  logo: string;
  created: number;
}
interface ProjectRec {
  _id: string;
  name: string;
  slug: string;
  studio: StudioRec;
  logo: string;
  prefix: string;
  archived: boolean;
  importName: string;
  created: number;
}
interface AssetRec {
  _id: string;
  name: string;
  slug: string;
  type: string;
  mediaType: string;
  project: ProjectRec;
  created: number;
  dialogue?: Timing;
  graphics?: Timing;
  transcription: { dialogue?: string; graphics?: string };
  creative: boolean;
  weight: number;
  length: number;
  thumbnailId: string;
  embedded: EmbeddedAsset;
  files: D[];
}
type EmbeddedAsset = Record<string, unknown> & { aspectRatio: string; usage: Record<string, boolean> };
interface WrRec {
  doc: D;
  index: number;
  asset: AssetRec;
  from: UserRec;
  translator: UserRec;
  coordinator: UserRec;
  history: { date: number; user: UserRec; status: string; reason: string }[];
}
interface Happening {
  date: number;
  type: string;
  actor: UserRec;
  title: string;
  users: string[];
  groups: string[];
  workRequest?: D;
  projects: { _id: string; name: string; slug: string }[];
  urls: Record<string, string>;
  assets: unknown[];
  order: number;
}

export interface DemoData {
  docs: Record<Collection, D[]>;
  accounts: DemoAccount[];
  notifications: Record<DemoRole, NotificationCount>;
  statuses: Record<string, number>;
  automationQueue: number;
  translatorWorkRequests: number;
}

interface AssetTemplate {
  name: string;
  type: string;
  mediaType: 'video' | 'image';
  dialogue?: [number, number];
  graphics: boolean;
}
const ASSET_TEMPLATES: readonly AssetTemplate[] = [
  { name: 'Main Trailer', type: 'trailer', mediaType: 'video', dialogue: [70, 150], graphics: true },
  { name: 'Main Trailer 2', type: 'trailer', mediaType: 'video', dialogue: [70, 150], graphics: true },
  { name: 'Teaser A', type: 'teaser', mediaType: 'video', dialogue: [40, 80], graphics: true },
  { name: 'TV Spot 30s', type: 'tv-spot', mediaType: 'video', dialogue: [35, 60], graphics: true },
  { name: 'TV Spot 15s', type: 'tv-spot', mediaType: 'video', dialogue: [20, 40], graphics: true },
  { name: 'Clip', type: 'clip', mediaType: 'video', dialogue: [40, 120], graphics: false },
  { name: 'Featurette: Making Of', type: 'featurette', mediaType: 'video', dialogue: [150, 300], graphics: true },
  { name: 'Payoff Key Art', type: 'key-art', mediaType: 'image', graphics: true },
  { name: 'Teaser Poster', type: 'poster', mediaType: 'image', graphics: true },
  { name: 'Social', type: 'social', mediaType: 'video', dialogue: [30, 60], graphics: true },
];

const PROJECTS = [
  { studio: 0, name: 'The Glass Orchard', prefix: 'GLO', clip: 'Clip: The Orchard Gate' },
  { studio: 0, name: 'Midnight Ferry', prefix: 'MDF', clip: 'Clip: Last Crossing' },
  { studio: 0, name: 'Ashes of Pallas', prefix: 'AOP', clip: 'Clip: The Trial', archived: true },
  { studio: 1, name: 'Paper Lanterns', prefix: 'PPL', clip: 'Clip: Lantern Festival' },
  { studio: 1, name: 'Kingdom of Salt', prefix: 'KOS', clip: 'Clip: The Salt Throne' },
  { studio: 1, name: 'The Last Cartographer', prefix: 'TLC', clip: 'Clip: Uncharted' },
];
/** Projects (by index) whose featurette is an extended one with 1,000–1,500 lines. */
const HUGE_FEATURETTE_PROJECTS = new Set([0, 3]);

const MAIL_VALUES = [0, 3600, 86400, 604800, -1];

function compact(s: string): string {
  return s.replace(/[^A-Za-z0-9]+/g, '');
}

/** Work request `urls` with the spec's placeholders (matches server/domain/urls.ts with an empty origin). */
export function workRequestUrls(id: string | null): Record<string, string> {
  const wr = id ?? ':workRequest';
  return {
    view: `/work-requests/${wr}`,
    manage: `/work-requests/${wr}`,
    invite: '/invite/:code',
    translate: `/work-requests/${wr}/translation`,
  };
}

export function userSummary(u: {
  _id: string;
  name: string;
  email: string;
  groups: { _id: string; name: string }[];
}): D {
  return {
    _id: u._id,
    name: u.name,
    emailNormal: u.email.toLowerCase(),
    groups: u.groups.map((g) => ({ _id: g._id, name: g.name })),
  } as unknown as D;
}

/** The work request subset an event embeds (spec, Events): related records by id, recipients as a plain list. */
export function eventWorkRequest(wr: D): D {
  const out: Record<string, unknown> = {};
  for (const k of EVENT_WR_FIELDS) if (wr[k] !== undefined) out[k] = wr[k];
  out.project = (wr.project as { _id: string })._id;
  out.asset = (wr.asset as { _id: string })._id;
  out.from = (wr.from as { _id: string })._id;
  out.recipients = Object.values((wr.recipients ?? {}) as Record<string, unknown[]>).flat();
  out.urls = workRequestUrls(wr._id);
  return out as D;
}

/**
 * Builds every document of the demo set in memory (pure: no store, no clock). `hashes` maps each distinct
 * password to its hash.
 */
export function buildDemo(now: number, seed: number, hashes: Record<string, string>): DemoData {
  const rng = new Rng(seed);
  const docs = Object.fromEntries(COLLECTIONS.map((c) => [c, [] as D[]])) as Record<Collection, D[]>;
  const add = (c: Collection, d: D): D => {
    docs[c].push(d);
    return d;
  };
  const at = (daysAgo: number) => now - Math.round(daysAgo * DAY);

  // -------------------------------------------------------------------------------- languages, territories
  const base = at(420);
  for (const [i, l] of LANGUAGES.entries()) {
    const created = base + i * 600;
    add('Languages', {
      _id: rng.id(created),
      created,
      name: l.name,
      code: l.code,
      dcpCode: l.dcpCode,
      isoCode: l.isoCode,
      translationFonts: l.fonts ?? [],
    });
  }
  const territoryIds = new Map<string, string>();
  for (const [i, t] of TERRITORIES.entries()) {
    const created = base + DAY + i * 600;
    const _id = rng.id(created);
    territoryIds.set(t.code, _id);
    add('Territories', {
      _id,
      created,
      name: t.code,
      displayName: t.displayName,
      countries: t.countries,
      languages: t.languages,
      assignedLanguages: t.assignedLanguages,
    });
  }
  const territoryOf = (code: string): TerritoryDef => TERRITORIES.find((t) => t.code === code)!;
  const territoriesFor = (language: string) => TERRITORIES.filter((t) => t.languages.includes(language));

  // -------------------------------------------------------------------------------- groups, users, studios
  const groupDefs = [
    { key: 'admins', name: 'Administrators', type: 'admin', studios: [0, 1] },
    { key: 'coord0', name: 'Northlight Localization', type: 'coordinator', studios: [0] },
    { key: 'coord1', name: 'Harbor Lane Localization', type: 'coordinator', studios: [1] },
    { key: 'lumen', name: 'Lumen Subtitling', type: 'translator', studios: [0, 1] },
    { key: 'polyglot', name: 'Polyglot Post', type: 'translator', studios: [0, 1] },
    { key: 'req0', name: 'Northlight Territory Marketing', type: 'client', studios: [0] },
    { key: 'req1', name: 'Harbor Lane Territory Marketing', type: 'client', studios: [1] },
    { key: 'press', name: 'Press & Partners', type: 'client', studios: [0, 1] },
  ];
  const groups = new Map<string, GroupRec>();
  for (const [i, g] of groupDefs.entries()) {
    const created = base + 2 * DAY + i * 900;
    groups.set(g.key, { _id: rng.id(created), name: g.name, type: g.type, studios: [], users: [], created });
  }
  const studioDefs = [
    { key: 'northlight', name: 'Northlight Pictures', watermark: '{user.email} {date}', coord: 'coord0' },
    {
      key: 'harbor',
      name: 'Harbor Lane Studios',
      watermark: 'CONFIDENTIAL {user.name} {user.email} {date} {time}',
      coord: 'coord1',
    },
  ];
  const studios: StudioRec[] = studioDefs.map((s, i) => {
    const created = base + 3 * DAY + i * 3600;
    return {
      _id: rng.id(created),
      key: s.key,
      name: s.name,
      slug: slugify(s.name),
      coordGroup: groups.get(s.coord)!,
      logo: '',
      created,
    };
  });
  for (const g of groupDefs) groups.get(g.key)!.studios = g.studios.map((s) => studios[s]!._id);

  const userDefs: {
    key: string;
    name: string;
    email: string;
    password: string;
    groups: string[];
    territory: string;
    languages?: string[];
  }[] = [
    {
      key: 'admin',
      name: 'Ada Admin',
      email: 'admin@mws.test',
      password: 'admin-demo',
      groups: ['admins'],
      territory: 'US',
    },
    {
      key: 'coordinator',
      name: 'Cora Coordinator',
      email: 'coordinator@mws.test',
      password: 'coordinator-demo',
      groups: ['coord0', 'coord1'],
      territory: 'US',
    },
    {
      key: 'translator',
      name: 'Tomas Translator',
      email: 'translator@mws.test',
      password: 'translator-demo',
      groups: ['lumen'],
      territory: 'FR',
      languages: ['fr-FR', 'fr-CA', 'es-419', 'es-ES'],
    },
    {
      key: 'margaux',
      name: 'Margaux Lefèvre',
      email: 'margaux.lefevre@lumen-subs.test',
      password: DEMO_PASSWORD,
      groups: ['lumen'],
      territory: 'FR',
      languages: ['fr-FR', 'fr-CA'],
    },
    {
      key: 'jonas',
      name: 'Jonas Becker',
      email: 'jonas.becker@lumen-subs.test',
      password: DEMO_PASSWORD,
      groups: ['lumen'],
      territory: 'DE',
      languages: ['de-DE', 'nl-NL', 'da-DK', 'sv-SE'],
    },
    {
      key: 'lucia',
      name: 'Lucía Ramírez',
      email: 'lucia.ramirez@lumen-subs.test',
      password: DEMO_PASSWORD,
      groups: ['lumen'],
      territory: 'LATAM',
      languages: ['es-419', 'es-ES', 'pt-BR'],
    },
    {
      key: 'yuki',
      name: 'Yuki Tanaka',
      email: 'yuki.tanaka@polyglot-post.test',
      password: DEMO_PASSWORD,
      groups: ['polyglot'],
      territory: 'JP',
      languages: ['ja-JP', 'ko-KR'],
    },
    {
      key: 'wei',
      name: 'Wei Chen',
      email: 'wei.chen@polyglot-post.test',
      password: DEMO_PASSWORD,
      groups: ['polyglot'],
      territory: 'TW',
      languages: ['zh-CN', 'zh-TW', 'th-TH'],
    },
    {
      key: 'layla',
      name: 'Layla Haddad',
      email: 'layla.haddad@polyglot-post.test',
      password: DEMO_PASSWORD,
      groups: ['polyglot'],
      territory: 'MENA',
      languages: ['ar-SA', 'fa-IR', 'he-IL', 'tr-TR'],
    },
    {
      key: 'piotr',
      name: 'Piotr Nowak',
      email: 'piotr.nowak@polyglot-post.test',
      password: DEMO_PASSWORD,
      groups: ['polyglot'],
      territory: 'PL',
      languages: ['pl-PL', 'ru-RU', 'it-IT'],
    },
    {
      key: 'arjun',
      name: 'Arjun Mehta',
      email: 'arjun.mehta@polyglot-post.test',
      password: DEMO_PASSWORD,
      groups: ['polyglot'],
      territory: 'IN',
      languages: ['hi-IN', 'ur-PK', 'en-GB', 'en-US'],
    },
    {
      key: 'sam',
      name: 'Sam Okafor',
      email: 'sam.okafor@harborlane.test',
      password: DEMO_PASSWORD,
      groups: ['coord1'],
      territory: 'UK',
    },
    {
      key: 'priya',
      name: 'Priya Raman',
      email: 'priya.raman@northlight.test',
      password: DEMO_PASSWORD,
      groups: ['req0'],
      territory: 'UK',
    },
    {
      key: 'diego',
      name: 'Diego Alvarez',
      email: 'diego.alvarez@harborlane.test',
      password: DEMO_PASSWORD,
      groups: ['req1'],
      territory: 'LATAM',
    },
    {
      key: 'hannah',
      name: 'Hannah Weiss',
      email: 'hannah.weiss@cinepress.test',
      password: DEMO_PASSWORD,
      groups: ['press'],
      territory: 'DE',
    },
    {
      key: 'kenji',
      name: 'Kenji Mori',
      email: 'kenji.mori@tokyo-distribution.test',
      password: DEMO_PASSWORD,
      groups: ['press'],
      territory: 'JP',
    },
    {
      key: 'chloe',
      name: 'Chloé Martin',
      email: 'chloe.martin@lumiere-distribution.test',
      password: DEMO_PASSWORD,
      groups: ['press'],
      territory: 'FR',
    },
  ];
  const users = new Map<string, UserRec>();
  for (const [i, u] of userDefs.entries()) {
    const created = base + 4 * DAY + i * DAY;
    const rec: UserRec = {
      _id: rng.id(created),
      key: u.key,
      name: u.name,
      email: u.email,
      groups: u.groups.map((g) => groups.get(g)!),
      territory: territoryOf(u.territory),
      languages: u.languages ?? [],
      created,
      password: u.password,
    };
    users.set(u.key, rec);
    for (const g of rec.groups) g.users.push(rec._id);
  }
  const U = (key: string): UserRec => users.get(key)!;
  const admin = U('admin');
  const cora = U('coordinator');
  const tomas = U('translator');
  const sam = U('sam');
  const otherTranslators = ['margaux', 'jonas', 'lucia', 'yuki', 'wei', 'layla', 'piotr', 'arjun'].map(U);
  const clients = ['hannah', 'kenji', 'chloe'].map(U);
  const translatorsFor = (language: string) => otherTranslators.filter((t) => t.languages.includes(language));
  for (const l of LANGUAGES) if (translatorsFor(l.code).length === 0) throw new Error(`no translator for ${l.code}`);

  const summaryOf = (u: UserRec) => userSummary(u);
  /** The user's group that belongs to the studio (for titles), else their first group. */
  const groupIn = (u: UserRec, studioId?: string) =>
    (studioId ? u.groups.find((g) => g.studios.includes(studioId)) : undefined) ?? u.groups[0];
  const eventFrom = (u: UserRec) => ({
    _id: u._id,
    status: { invited: true, approved: true, registered: true, confirmed: true },
    username: u.email,
    invite: '/invite/:code',
    emailNormal: u.email.toLowerCase(),
    name: u.name,
  });

  // -------------------------------------------------------------------------------- logos, studios, projects
  const logoFile = (name: string, studio: StudioRec, project: ProjectRec | undefined, created: number): string => {
    const _id = rng.id(created);
    add('Files', {
      _id,
      created,
      studio: studio._id,
      ...(project ? { project: project._id } : {}),
      name,
      language: 'und',
      country: 'US',
      tags: ['logo'],
      path: `/files/${name}`,
      verified: true,
      embargo: { event: false },
      warnings: [],
      transfer: { username: admin.email },
      mime: 'image/png',
      length: rng.int(20_000, 180_000),
      md5: rng.hex(32),
    });
    return _id;
  };
  for (const s of studios) {
    s.logo = logoFile(`${s.slug}-logo.png`, s, undefined, s.created + 600);
    add('Studios', {
      _id: s._id,
      created: s.created,
      name: s.name,
      slug: s.slug,
      logo: s.logo,
      coordinator: s.coordGroup._id,
      previewWatermarkFormat: studioDefs.find((d) => d.key === s.key)!.watermark,
    });
  }
  for (const g of groups.values()) {
    add('Groups', {
      _id: g._id,
      created: g.created,
      name: g.name,
      type: g.type,
      studios: g.studios,
      users: g.users,
      addresses: [],
    });
  }
  const projects: ProjectRec[] = PROJECTS.map((p, i) => {
    const created = at(330 - i * 25);
    const studio = studios[p.studio]!;
    const rec: ProjectRec = {
      _id: rng.id(created),
      name: p.name,
      slug: slugify(p.name),
      studio,
      logo: '',
      prefix: p.prefix,
      archived: Boolean(p.archived),
      importName: p.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_'),
      created,
    };
    rec.logo = logoFile(`${p.prefix}_logo.png`, studio, rec, created + 900);
    add('Projects', {
      _id: rec._id,
      created,
      studio: studio._id,
      name: rec.name,
      slug: rec.slug,
      importName: rec.importName,
      filePrefix: rec.prefix,
      archived: rec.archived,
      verified: i !== 5,
      logo: rec.logo,
    });
    return rec;
  });

  // -------------------------------------------------------------------------------- users (need territories)
  for (const u of users.values()) {
    const pick = () => rng.pick(MAIL_VALUES);
    add('Users', {
      _id: u._id,
      created: u.created,
      name: u.name,
      username: u.email,
      emailNormal: u.email.toLowerCase(),
      status: { invited: true, approved: true, registered: true, confirmed: true },
      invite: '/invite/:code',
      preferences: {
        blacklist: { projects: u.key === 'diego' ? [projects[2]!._id] : [] },
        ingest: { maxUploads: rng.pick([2, 4, 6, 8]), skipScratchPreview: rng.chance(0.3) },
        mail: {
          enabled: u.key !== 'kenji',
          projects: pick(),
          assets: pick(),
          files: pick(),
          ingest: pick(),
          offline_comments: pick(),
          others: pick(),
          shares: pick(),
          work_requests: pick(),
          work_request_comments: pick(),
          workflow: pick(),
        },
      },
      territory: { _id: territoryIds.get(u.territory.code)!, name: u.territory.code },
      groups: u.groups.map((g) => g._id),
      passwordHash: hashes[u.password] ?? '',
    });
  }

  // -------------------------------------------------------------------------------- assets, files, previews
  const assets: AssetRec[] = [];
  const embargoCandidates: { file: D; asset: AssetRec }[] = [];
  for (const [pi, p] of projects.entries()) {
    for (const t of ASSET_TEMPLATES) {
      const huge = t.type === 'featurette' && HUGE_FEATURETTE_PROJECTS.has(pi);
      let name = t.name;
      let type = t.type;
      let mediaType: string = t.mediaType;
      if (t.type === 'clip') name = PROJECTS[pi]!.clip;
      if (huge) name = 'Extended Featurette: Behind the Scenes';
      if (t.type === 'social' && pi % 2 === 1) {
        name = 'Web Banner 300x250';
        type = 'banner';
        mediaType = 'image';
      } else if (t.type === 'social') name = 'Social Cutdown 60s';
      const created = p.created + Math.round(rng.float(10, 120) * DAY);
      const _id = rng.id(created);
      const slug = slugify(name);
      const image = mediaType === 'image';
      const dialogueRange = image ? undefined : huge ? ([1000, 1500] as [number, number]) : t.dialogue;
      const dialogue = dialogueRange ? makeTiming(rng, rng.int(...dialogueRange), 'dialogue') : undefined;
      const graphics =
        t.graphics || image ? makeTiming(rng, image ? rng.int(20, 40) : rng.int(40, 80), 'graphics', image) : undefined;
      const usage = {
        broadcast: !image && (type === 'tv-spot' || rng.chance(0.4)),
        online: true,
        dcp: !image && (type === 'trailer' || type === 'teaser') && rng.chance(0.8),
        film35: !image && rng.chance(0.08),
        film70: !image && rng.chance(0.03),
        dcp4k: !image && type === 'trailer' && rng.chance(0.5),
        largeformat: image ? rng.chance(0.6) : type === 'trailer' && rng.chance(0.3),
        immersiveaudio: !image && type === 'trailer' && rng.chance(0.4),
      };
      const code = compact(name);
      // Files: the thumbnail first, then 1–4 of the asset's working files.
      const filesCreated = created + 3600;
      const thumbId = rng.id(filesCreated);
      const thumbLength = rng.int(40_000, 320_000);
      const thumbMd5 = rng.hex(32);
      const files: D[] = [];
      const candidates: D[] = [];
      const verified = rng.chance(0.9);
      files.push({
        _id: thumbId,
        created: filesCreated,
        studio: p.studio._id,
        project: p._id,
        asset: _id,
        name: `${p.prefix}_${code}_thumb.jpg`,
        language: 'und',
        country: 'US',
        tags: ['thumbnail'],
        path: `/files/${p.prefix}_${code}_thumb.jpg`,
        verified: true,
        embargo: { event: false },
        warnings: [],
        transfer: { username: cora.email },
        mime: 'image/jpeg',
        bucket: 'thumbnails',
        chunkSize: 261_120,
        length: thumbLength,
        md5: thumbMd5,
        uploadDate: filesCreated,
      });
      const working = image
        ? [
            { suffix: 'Layered.psd', tags: ['master', 'layered'], mime: 'image/vnd.adobe.photoshop' },
            { suffix: 'Flat.tif', tags: ['flat'], mime: 'image/tiff' },
            { suffix: 'Fonts.zip', tags: ['fonts'], mime: 'application/zip' },
            {
              suffix: 'Copy.docx',
              tags: ['copy'],
              mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            },
          ]
        : [
            { suffix: 'ProRes422HQ_2398.mov', tags: ['master', 'video'], mime: 'video/quicktime' },
            { suffix: 'Textless.mov', tags: ['textless', 'video'], mime: 'video/quicktime' },
            { suffix: 'ME_Stems.wav', tags: ['audio', 'm&e'], mime: 'audio/wav' },
            { suffix: 'DialogueList.pdf', tags: ['script'], mime: 'application/pdf' },
          ];
      for (const w of rng.sample(working, rng.int(1, 4))) {
        const fCreated = filesCreated + rng.int(1, 20) * 3600;
        const fname = `${p.prefix}_${code}_${w.suffix}`;
        const future = rng.chance(0.06);
        const file: D = {
          _id: rng.id(fCreated),
          created: fCreated,
          studio: p.studio._id,
          project: p._id,
          asset: _id,
          name: fname,
          language: w.tags.includes('audio') || w.tags.includes('script') ? 'en' : 'und',
          country: 'US',
          tags: w.tags,
          path: `/files/${fname}`,
          verified: verified || rng.chance(0.5),
          embargo: future ? { event: true, end: now + rng.int(3, 60) * DAY } : { event: false },
          warnings: rng.chance(0.05) ? ['Audio peaks above -2 dBTP'] : [],
          transfer: { username: rng.chance(0.7) ? cora.email : admin.email },
          mime: w.mime,
          length: rng.int(2_000_000, 900_000_000),
          md5: rng.hex(32),
        };
        files.push(file);
        if (!p.archived && !future) candidates.push(file);
      }
      const rec: AssetRec = {
        _id,
        name,
        slug,
        type,
        mediaType,
        project: p,
        created,
        dialogue,
        graphics,
        transcription: {},
        creative: image ? rng.chance(0.7) : rng.chance(0.2),
        weight: (huge ? 0.25 : image ? 0.7 : 1) * (p.archived ? 0.5 : 1),
        length: image ? 0 : (dialogue?.durationSeconds ?? 0),
        thumbnailId: thumbId,
        embedded: { aspectRatio: '', usage: {} },
        files,
      };
      for (const file of candidates) embargoCandidates.push({ file, asset: rec });
      // English transcriptions: one per track.
      for (const kind of ['dialogue', 'graphics'] as const) {
        const timing = kind === 'dialogue' ? dialogue : graphics;
        if (!timing) continue;
        const tCreated = created + DAY;
        const tid = rng.id(tCreated);
        rec.transcription[kind] = tid;
        add('Translations', transcriptionDoc(rng, timing, { _id: tid, created: tCreated, asset: _id }));
      }
      // Previews: 1–3 revisions.
      const previews: D[] = [];
      const revisions = rng.int(1, 3);
      const labels = image ? ['Draft', 'Final', 'Final (localised copy)'] : ['Scratch', 'Locked cut', 'Final mix'];
      for (let r = 1; r <= revisions; r++) {
        const pCreated = created + r * rng.int(2, 9) * DAY;
        const ext = image ? 'jpg' : 'mp4';
        const summary = {
          _id: rng.id(pCreated),
          asset: _id,
          created: pCreated,
          label: labels[r - 1]!,
          language: 'en',
          project: p._id,
          revision: `v${r}`,
          studio: p.studio._id,
          type: mediaType,
          cdn: { domain: 'cdn.mws.test', path: `/previews/${p.slug}/${slug}/v${r}.${ext}`, key: rng.hex(32) },
        };
        previews.push(summary);
        add('Previews', {
          _id: summary._id,
          created: pCreated,
          asset: _id,
          project: p._id,
          studio: p.studio._id,
          revision: summary.revision,
          label: summary.label,
          type: mediaType,
          language: 'en',
        });
      }
      for (const f of files) add('Files', f);
      add('Assets', {
        _id,
        created,
        studio: p.studio._id,
        project: p._id,
        name,
        slug,
        type,
        mediaType,
        usage,
        importName: `${p.importName}_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`,
        thumbnail: thumbId,
        verified,
        previews,
        creative: rec.creative,
        transcription: rec.transcription,
      });
      // The asset as a work request embeds it.
      const phase = rng.weighted(['WIP', 'LOCK', 'FINAL'], [3, 4, 3]);
      const coordGroup = p.studio.coordGroup._id;
      const phaseDef = (terminal: boolean, usages: string[]) => ({
        groups: [{ id: coordGroup, dng: ['subtitles', 'dub'], usages }],
        users: [],
        terminal,
      });
      rec.embedded = {
        _id,
        name,
        slug,
        type,
        mediaType,
        thumbnail: {
          _id: thumbId,
          verified: true,
          embargo: { event: false },
          warnings: [],
          mime: 'image/jpeg',
          bucket: 'thumbnails',
          tags: ['thumbnail'],
          chunkSize: 261_120,
          length: thumbLength,
          md5: thumbMd5,
          uploadDate: filesCreated,
        },
        transcription: rec.transcription,
        project: p._id,
        studio: p.studio._id,
        creative: rec.creative,
        aspectRatio: image ? '4:3' : rng.pick(['239:100', '185:100', '16:9']),
        usage: {
          broadcast: usage.broadcast,
          online: usage.online,
          dcp: usage.dcp,
          dcp3d: usage.dcp && rng.chance(0.2),
          film35: usage.film35,
          film70: usage.film70,
          largeformat: usage.largeformat,
          largeformat3d: false,
          immersiveaudio2d: usage.immersiveaudio,
          immersiveaudio3d: false,
          hdr2d: !image && rng.chance(0.3),
          hdr3d: false,
        },
        workflow: {
          id: image ? 'wf-graphics' : 'wf-av-standard',
          phase,
          definition: {
            phases: {
              WIP: phaseDef(false, ['online']),
              LOCK: phaseDef(false, ['online', 'broadcast']),
              FINAL: phaseDef(true, ['online', 'broadcast', 'dcp']),
            },
          },
          requireGraphicsApproval: Boolean(graphics) && rng.chance(0.5),
          requireOfflineApproval: !image && rng.chance(0.3),
        },
      };
      assets.push(rec);
    }
  }

  // -------------------------------------------------------------------------------- work requests
  const statusList: string[] = [];
  for (const [s, n] of Object.entries(WORK_REQUEST_STATUS_COUNTS)) for (let i = 0; i < n; i++) statusList.push(s);
  rng.shuffle(statusList);
  const activeIdx = statusList.map((s, i) => (SAMPLED_AS_CLOSED.includes(s) ? -1 : i)).filter((i) => i >= 0);
  const closedIdx = statusList.map((s, i) => (SAMPLED_AS_CLOSED.includes(s) ? i : -1)).filter((i) => i >= 0);
  const automated = new Set([...rng.sample(activeIdx, AUTOMATION_SAMPLED), ...rng.sample(closedIdx, 10)]);
  const languageCodes = Object.keys(LANGUAGE_WEIGHTS);
  const languageWeights = languageCodes.map((c) => LANGUAGE_WEIGHTS[c]!);
  const assetWeights = assets.map((a) => a.weight);
  const SCRIPT_WR = 7;
  const wrs: WrRec[] = [];
  const coordinatorFor = (studio: StudioRec) => (studio.key === 'northlight' || rng.chance(0.6) ? cora : sam);
  const recipientsPool = {
    Broadcast: [
      { name: 'Canal Nord Traffic', email: 'traffic@canalnord.test' },
      { name: 'Sora TV Presentation', email: 'presentation@soratv.test' },
    ],
    Online: [
      { name: 'Digital Team', email: 'digital@northlight.test' },
      { name: 'StreamHub Ops', email: 'ops@streamhub.test' },
    ],
    Dcp: [{ name: 'Lumière Lab', email: 'dcp@lumierelab.test' }],
    Theatrical: [{ name: 'Cinema Booking', email: 'booking@cinemaworld.test' }],
    Streamingfile: [{ name: 'VOD Ingest', email: 'ingest@vodplatform.test' }],
  };
  const langDef = (code: string) => LANGUAGES.find((l) => l.code === code)!;

  for (let i = 0; i < statusList.length; i++) {
    const status = statusList[i]!;
    const asset = rng.weighted(assets, assetWeights);
    const project = asset.project;
    const studio = project.studio;
    const demoTranslator = i % 10 === 3;
    const language = demoTranslator ? rng.pick(tomas.languages) : rng.weighted(languageCodes, languageWeights);
    const translator = demoTranslator ? tomas : rng.pick(translatorsFor(language));
    const territory = rng.pick(territoriesFor(language));
    const from =
      studio.key === 'northlight'
        ? rng.weighted([cora, U('priya'), admin], [40, 48, 12])
        : rng.weighted([cora, sam, U('diego'), admin], [30, 25, 40, 5]);
    const coordinator = coordinatorFor(studio);
    const [dMin, dMax] = DUE_OFFSETS[status]!;
    let created = at(rng.float(1, 120));
    if (created < asset.created + DAY) created = asset.created + DAY;
    let due = now + Math.round(rng.float(dMin, dMax) * DAY);
    if (due < created + 3 * DAY) due = created + rng.int(3, 20) * DAY;
    due -= due % 3600;
    const deadline = due + rng.int(1, 10) * DAY;
    const path = rng.pick(HISTORY_PATHS[status]!);
    // About one delivery in six arrives 1–5 days after its due date, so the reports' on-time figures mean something.
    // Chosen by the row's index, not drawn from the random stream, so every other record stays as it was.
    const lateBy = status === 'complete' && i % 6 === 1 ? ((i % 5) + 1) * DAY : 0;
    const deliveredLate = lateBy && due + lateBy <= now ? due + lateBy : undefined;
    // History dates: created, then increasing towards now (a late delivery's last move on its day).
    const span = Math.max(
      3600,
      (deliveredLate ?? Math.min(now, Math.max(created + 3600, status === 'complete' ? due : now))) - created,
    );
    const fractions = path
      .slice(1)
      .map(() => rng.float(0.05, 0.98))
      .sort((a, b) => a - b);
    const history = path.map((s, k) => {
      const isLast = k === path.length - 1;
      const date =
        k === 0
          ? created
          : isLast && deliveredLate !== undefined
            ? created + span
            : created + Math.round(span * fractions[k - 1]!);
      let user: UserRec;
      if (s === 'incomplete' || s === 'submitted') user = from;
      else if (s === 'for-review') user = translator;
      else if (s === 'awaiting-materials') user = rng.chance(0.7) ? translator : coordinator;
      else if (s === 'in-progress') user = rng.chance(0.3) ? translator : coordinator;
      else if (s === 'cancelled') user = rng.chance(0.5) ? from : coordinator;
      else user = coordinator;
      return { date, user, status: s, reason: rng.pick(STATUS_REASONS[s]!) };
    });
    const last = history[history.length - 1]!;
    const image = asset.mediaType === 'image';
    const auto = automated.has(i) && rng.chance(0.7);
    const autosubs = automated.has(i) && (!auto || rng.chance(0.3));
    const category =
      asset.type === 'tv-spot'
        ? 'tv'
        : asset.type === 'featurette'
          ? rng.pick(['home-entertainment', 'digital'])
          : asset.type === 'social' || asset.type === 'banner' || asset.type === 'clip'
            ? 'digital'
            : rng.weighted(['theatrical', 'digital', 'home-entertainment'], [6, 3, 1]);
    const embeddedUsage = asset.embedded.usage;
    const useItems = [
      'online',
      ...(embeddedUsage.broadcast ? ['broadcast'] : []),
      ...(embeddedUsage.dcp && category === 'theatrical' ? ['theatrical'] : []),
    ];
    const details: Record<string, { value: string; ship: boolean }[]> = {};
    for (const u of useItems) {
      if (u === 'broadcast') details[u] = [{ value: asset.name.includes('15s') ? '15s' : '30s', ship: true }];
      else if (u === 'online')
        details[u] = [{ value: rng.pick(['1080p', '4K', 'vertical 9:16']), ship: rng.chance(0.3) }];
      else details[u] = [{ value: rng.pick(['2K Flat', '2K Scope', '4K Scope']), ship: true }];
    }
    const dcpItems =
      useItems.includes('theatrical') && rng.chance(0.5)
        ? rng.sample(['2D Flat', '2D Scope', '3D Scope'], rng.int(1, 2))
        : [];
    const recipients: Record<string, { name: string; email: string }[]> = {};
    if (rng.chance(0.8)) {
      recipients.Online = rng.sample(recipientsPool.Online, rng.int(1, 2));
      if (useItems.includes('broadcast')) recipients.Broadcast = rng.sample(recipientsPool.Broadcast, 1);
      if (dcpItems.length) recipients.Dcp = recipientsPool.Dcp;
      if (useItems.includes('theatrical') && rng.chance(0.5)) recipients.Theatrical = recipientsPool.Theatrical;
      if (category === 'digital' && rng.chance(0.3)) recipients.Streamingfile = recipientsPool.Streamingfile;
    }
    const lineCount = (asset.dialogue ?? asset.graphics)!.count;
    const baseCost = Math.max(150, Math.round(lineCount * rng.float(4, 9)));
    const applied = Math.round(baseCost * rng.pick([1, 1, 0.9, 1.25]));
    const materialsMissing = status === 'awaiting-materials';
    const doneish = ['in-progress', 'for-review', 'approved', 'complete'].includes(status);
    const materials = [
      { name: 'Dialogue list', complete: !materialsMissing || rng.chance(0.5), approved: doneish, files: [] },
      {
        name: 'Textless version',
        complete: !materialsMissing && (doneish || rng.chance(0.6)),
        approved: doneish && rng.chance(0.8),
        files: [],
      },
      ...(image
        ? []
        : [
            {
              name: 'Audio stems',
              complete: doneish || rng.chance(0.5),
              approved: doneish && rng.chance(0.7),
              files: [],
            },
          ]),
    ];
    if (materialsMissing && materials.every((m) => m.complete)) materials[1]!.complete = false;
    const rejections = history
      .filter((h) => h.status === 'rejected')
      .map((h) => ({ reason: h.reason, date: h.date, user: summaryOf(h.user) }));
    const tzTerritory = territory.tz;
    const wrId = rng.id(created);
    // Translations.
    const submitted = ['for-review', 'approved', 'complete'].includes(status);
    const progress = submitted
      ? 1
      : status === 'incomplete'
        ? 0
        : status === 'submitted'
          ? rng.pick([0, 0, 0.1])
          : status === 'awaiting-materials'
            ? rng.float(0, 0.3)
            : status === 'in-progress'
              ? rng.float(0.2, 0.95)
              : status === 'rejected'
                ? rng.float(0.6, 1)
                : rng.float(0, 0.5);
    const machine = autosubs && status !== 'incomplete';
    const textKey = langDef(language).text;
    const makeTranslation = (timing: Timing, kind: string) => {
      const tCreated = created + 60;
      const tid = rng.id(tCreated);
      const lines = buildLines(rng, timing, { textKey, progress: machine ? 1 : progress, machine, tooLong: 0.015 });
      const t = {
        _id: tid,
        created: tCreated,
        asset: asset._id,
        workRequest: wrId,
        language,
        status: submitted ? 'submitted' : 'incomplete',
        kind,
        translator: summaryOf(translator),
        lines,
        ...lineStats(lines),
        printLines: [],
        approval: status === 'approved' || status === 'complete',
      };
      add('Translations', t);
      return summarize(t);
    };
    const translationSummary = makeTranslation(
      asset.dialogue ?? asset.graphics!,
      asset.dialogue ? 'dialogue' : 'graphics',
    );
    const graphicsTranslationSummary =
      asset.dialogue && asset.graphics ? makeTranslation(asset.graphics, 'graphics') : undefined;
    const translation = translationSummary._id;
    const graphicsTranslation = graphicsTranslationSummary?._id;
    const instructions =
      i === SCRIPT_WR
        ? INSTRUCTIONS[SCRIPT_INSTRUCTION]!
        : rng.chance(0.85)
          ? INSTRUCTIONS[rng.int(0, SCRIPT_INSTRUCTION - 1)]!
          : '';
    const doc: D = {
      _id: wrId,
      created,
      studio: studio._id,
      project: { _id: project._id, name: project.name, slug: project.slug, studio: studio._id, logo: project.logo },
      asset: asset.embedded,
      assetType: asset.type,
      assetCategory: category,
      auto,
      autosubs,
      dualLanguages: rng.chance(0.05),
      autoMode: auto && rng.chance(0.6),
      aspectRatio: asset.embedded.aspectRatio,
      from: summaryOf(from),
      due: { date: due, tz: tzTerritory },
      deliveryDeadline: { date: deadline, tz: rng.chance(0.5) ? 'America/Los_Angeles' : tzTerritory },
      language,
      territory: territory.code,
      dng: {
        dialogue: image ? [] : rng.weighted([['subtitles'], ['dub'], ['subtitles', 'dub']], [7, 1, 2]),
        graphics: asset.graphics ? rng.weighted([['localized-graphics'], ['subtitles'], ['textless']], [6, 3, 1]) : [],
        narration: image ? [] : rng.weighted([[], ['voice-over'], ['subtitles']], [6, 2, 2]),
      },
      uses: { items: useItems, details },
      dcp: dcpItems.length
        ? {
            items: dcpItems,
            details: dcpItems.map((f) => ({
              format: f,
              resolution: rng.pick(['2K', '4K']),
              audio: rng.pick(['5.1', '7.1']),
              subtitles: 'burned-in',
            })),
          }
        : { items: [], details: [] },
      instructions,
      reason: last.reason,
      status,
      history: history.map((h) => ({ date: h.date, user: summaryOf(h.user), status: h.status, reason: h.reason })),
      recipients,
      shippingAddresses: rng.chance(0.15)
        ? [
            {
              name: 'Lumière Lab — Deliveries',
              street: '12 Rue des Studios',
              city: 'Paris',
              postalCode: '75011',
              country: 'FR',
            },
          ]
        : [],
      estimate: { base: `${baseCost}.00 USD`, applied: `${applied}.00 USD` },
      translation,
      translationSummary,
      ...(graphicsTranslationSummary ? { graphicsTranslation, graphicsTranslationSummary } : {}),
      urls: workRequestUrls(null),
      tags: rng.chance(0.2) ? [rng.pick(['rush', 'festival', 're-delivery', 'press'])] : [],
      rejections,
      encodes: status === 'complete' && !image ? [{ format: 'ProRes 422 HQ', status: 'done' }] : [],
      offlines: [],
      graphicsAutomationJobs: [],
      files: [
        {
          name: 'Subtitles',
          files: status === 'complete' ? [{ name: `${project.prefix}_${compact(asset.name)}_${language}.srt` }] : [],
        },
        ...(asset.graphics ? [{ name: 'Graphics', files: [] }] : []),
      ],
      materials,
      audioFile: !image && rng.chance(0.3) ? `/files/${project.prefix}_${compact(asset.name)}_ME_Stems.wav` : null,
    };
    add('Workrequests', doc);
    wrs.push({ doc, index: i, asset, from, translator, coordinator, history });
  }

  // -------------------------------------------------------------------------------- comments
  const commentable = rng.sample(
    wrs.filter((w) => w.doc.status !== 'incomplete'),
    120,
  );
  const perWr = commentable.map(() => 1);
  for (let k = 0; k < 300 - commentable.length; k++) perWr[rng.int(0, commentable.length - 1)]! += 1;
  const markupAt = new Set([11, 97, 180, 254]);
  const comments: { wr: WrRec; user: UserRec; date: number; doc: D }[] = [];
  let commentNo = 0;
  const plainComments = COMMENTS.map((_, i) => i).filter((i) => !MARKUP_COMMENTS.includes(i));
  for (const [ci, w] of commentable.entries()) {
    const n = perWr[ci]!;
    const start = w.doc.created;
    const dates = Array.from({ length: n }, () => start + Math.round(rng.float(0.02, 0.99) * (now - start))).sort(
      (a, b) => a - b,
    );
    for (const date of dates) {
      const user = rng.weighted([w.from, w.coordinator, w.translator], [3, 4, 3]);
      const bodyIdx = markupAt.has(commentNo) ? MARKUP_COMMENTS[commentNo % 2]! : rng.pick(plainComments);
      const doc = add('Comments', {
        _id: rng.id(date),
        created: date,
        workRequest: w.doc._id,
        user: summaryOf(user),
        body: COMMENTS[bodyIdx]!,
        urls: { workRequest: `/work-requests/${w.doc._id}` },
        replies: [],
      });
      comments.push({ wr: w, user, date, doc });
      commentNo++;
    }
  }

  // -------------------------------------------------------------------------------- shares
  const ACCESS = [
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
  ];
  const shares: { doc: D; from: UserRec; to: UserRec[]; project: ProjectRec; assets: AssetRec[] }[] = [];
  for (let s = 0; s < 12; s++) {
    const from = s === 0 ? admin : s === 1 ? sam : cora;
    const projectPool = projects.filter((p) => !p.archived && (from !== sam || p.studio.key === 'harbor'));
    const project = rng.pick(projectPool);
    const to =
      s === 0
        ? [cora]
        : rng.sample(
            [...clients, ...clients, U('priya'), U('diego'), sam].filter((u, i, a) => a.indexOf(u) === i && u !== from),
            rng.int(1, 3),
          );
    const shared = rng.sample(
      assets.filter((a) => a.project === project),
      rng.int(1, 6),
    );
    const created = at(rng.float(1, 60));
    const _id = rng.id(created);
    const kind = shared.every((a) => a.mediaType === 'image') ? 'key-art' : shared[0]!.type;
    const tags = [[kind, rng.pick(['final', 'draft', 'approved'])]];
    const urls: Record<string, string> = { playlist: '/shares/:share/playlist', invite: '/invite/:code' };
    for (const a of shared) urls[a._id] = `/shares/${_id}/assets/${a._id}`;
    const approved = rng.chance(0.75);
    const permissions = to.map((u) => {
      const previews = rng.pick(['watermarked', 'watermarked', 'clean', 'none']);
      const access: Record<string, unknown> = {};
      for (const k of ACCESS) access[k] = false;
      access.download = previews !== 'none' && rng.chance(0.7);
      access.notes = true;
      access.shareVotingView = rng.chance(0.4);
      access.requests = u.groups.some((g) => g.type === 'coordinator');
      access.manageWorkRequsts = access.requests;
      access.push = rng.chance(0.2);
      access.previews = previews;
      const scope = (ov: boolean) => ({ ov, countries: u.territory.countries, languages: u.territory.languages });
      return {
        _id: rng.id(created),
        sources: {
          download: scope(true),
          previews: scope(true),
          requests: scope(false),
          social: { ov: false, countries: [], languages: [] },
          manageWorkRequests: { groups: [] },
          adminWorkRequests: { groups: [] },
        },
        approved,
        project: project._id,
        assets: shared.map((a) => a._id),
        tags,
        types: [...new Set(shared.map((a) => a.type))],
        access,
        user: u._id,
        share: _id,
      };
    });
    const doc = add('Shares', {
      _id,
      created,
      from: { _id: from._id, name: from.name, emailNormal: from.email.toLowerCase() },
      to: to.map((u) => ({ _id: u._id, name: u.name, emailNormal: u.email.toLowerCase() })),
      groups: [],
      questions: [],
      assets: shared.map((a) => ({
        _id: a._id,
        project: project._id,
        studio: project.studio._id,
        name: a.name,
        slug: a.slug,
        type: a.type,
        length: a.length,
        thumbnail: a.thumbnailId,
        created: a.created,
        mediaType: a.mediaType,
        creative: a.creative,
      })),
      assetsCount: shared.length,
      assetCategory: shared.some((a) => a.type === 'tv-spot') ? 'tv' : rng.pick(['theatrical', 'digital']),
      projectNames: [project.name],
      tags,
      urls,
      approved,
      notes: rng.pick(SHARE_NOTES),
      feedback: { enabled: rng.chance(0.5) },
      permissions,
    });
    shares.push({ doc, from, to, project, assets: shared });
  }

  // -------------------------------------------------------------------------------- events and notifications
  const happenings: Happening[] = [];
  let order = 0;
  const coordUsersOf = (studio: StudioRec) => studio.coordGroup.users;
  const wrSnapshot = (w: WrRec, upTo: number): D => {
    const k = w.history.filter((h) => h.date <= upTo).length - 1;
    const h = w.history[Math.max(0, k)]!;
    const docAt = {
      ...w.doc,
      status: h.status,
      reason: h.reason,
      history: (w.doc.history as unknown[]).slice(0, k + 1),
      rejections: (w.doc.rejections as { date: number }[]).filter((r) => r.date <= upTo),
    } as D;
    return eventWorkRequest(docAt);
  };
  const wrHappening = (
    w: WrRec,
    type: string,
    actor: UserRec,
    date: number,
    withTranslator: boolean,
    title: string,
  ) => {
    const studio = w.asset.project.studio;
    const notify = [w.from._id, ...coordUsersOf(studio), ...(withTranslator ? [w.translator._id] : [])];
    happenings.push({
      date,
      type,
      actor,
      title,
      users: [...new Set(notify)].filter((u) => u !== actor._id),
      groups: [studio.coordGroup._id],
      workRequest: wrSnapshot(w, date),
      projects: [{ _id: w.asset.project._id, name: w.asset.project.name, slug: w.asset.project.slug }],
      urls: workRequestUrls(w.doc._id),
      assets: [],
      order: order++,
    });
  };
  const titleInput = (w: WrRec, actor: UserRec) => ({
    actorName: actor.name,
    actorGroup: groupIn(actor, w.asset.project.studio._id)?.name,
    assetName: w.asset.name,
    language: w.doc.language as string,
    territory: w.doc.territory as string,
  });
  for (const w of wrs) {
    for (const [k, h] of w.history.entries()) {
      if (k === 0) continue;
      if (h.status === 'awaiting-materials')
        wrHappening(w, 'wam', h.user, h.date, false, wamTitle(titleInput(w, h.user)));
      else
        wrHappening(
          w,
          'wr-status',
          h.user,
          h.date,
          true,
          wrStatusTitle({ ...titleInput(w, h.user), status: h.status }),
        );
      if (h.status === 'for-review') {
        wrHappening(
          w,
          'translation-submitted',
          w.translator,
          h.date - 120,
          false,
          translationSubmittedTitle(titleInput(w, w.translator)),
        );
      }
    }
  }
  for (const c of comments)
    wrHappening(c.wr, 'wr-comment', c.user, c.date, true, wrCommentTitle(titleInput(c.wr, c.user)));
  const fixed: Happening[] = [];
  for (const s of shares) {
    const created = s.doc.created;
    fixed.push({
      date: created + 30,
      type: 'share',
      actor: s.from,
      title: shareTitle({
        actorName: s.from.name,
        actorGroup: groupIn(s.from, s.project.studio._id)?.name,
        assetCount: s.assets.length,
        projectNames: [s.project.name],
      }),
      users: s.to.map((u) => u._id),
      groups: [],
      projects: [{ _id: s.project._id, name: s.project.name, slug: s.project.slug }],
      urls: { view: `/shares/${s.doc._id}`, manage: `/shares/${s.doc._id}`, invite: '/invite/:code' },
      assets: s.assets.map((a) => ({ _id: a._id, name: a.name, slug: a.slug, project: a.project._id })),
      order: order++,
    });
  }
  for (const { file, asset } of rng.sample(embargoCandidates, 3)) {
    const end = now - rng.int(1, 12) * DAY - rng.int(0, 20) * 3600;
    file.embargo = { event: true, end };
    // Told already (the event below): the lift sweep (domain/embargoNotices.ts) leaves it.
    file.embargoLiftNotified = end;
    const studio = asset.project.studio;
    fixed.push({
      date: end,
      type: 'embargo',
      actor: admin,
      title: embargoTitle({ fileName: file.name as string, assetName: asset.name }),
      users: coordUsersOf(studio).filter((u) => u !== admin._id),
      groups: [studio.coordGroup._id],
      projects: [{ _id: asset.project._id, name: asset.project.name, slug: asset.project.slug }],
      urls: { view: `/assets/${asset._id}`, manage: `/assets/${asset._id}` },
      assets: [{ _id: asset._id, name: asset.name, slug: asset.slug, project: asset.project._id, file: file._id }],
      order: order++,
    });
  }
  // Choose which past happenings became events: all shares and embargoes, then the most recent work request
  // activity until the demo coordinator has ~60, the translator ~20 and the admin ~10 notifications.
  const byRecency = happenings.filter((h) => h.date < now).sort((a, b) => b.date - a.date || a.order - b.order);
  const chosen = new Set<Happening>(fixed);
  const received = new Map<string, number>();
  const countFor = (id: string) => received.get(id) ?? 0;
  const take = (h: Happening) => {
    chosen.add(h);
    for (const u of h.users) received.set(u, countFor(u) + 1);
  };
  for (const h of fixed) for (const u of h.users) received.set(u, countFor(u) + 1);
  const fill = (target: UserRec, quota: number, avoid?: UserRec) => {
    for (const pass of [0, 1]) {
      for (const h of byRecency) {
        if (countFor(target._id) >= quota) return;
        if (chosen.has(h) || !h.users.includes(target._id)) continue;
        if (pass === 0 && avoid && h.users.includes(avoid._id)) continue;
        take(h);
      }
    }
  };
  fill(cora, 60);
  fill(tomas, 20, cora);
  fill(admin, 10, cora);

  const notificationsByUser = new Map<string, D[]>();
  for (const h of [...chosen].sort((a, b) => a.date - b.date || a.order - b.order)) {
    const event: D = {
      _id: rng.id(h.date),
      created: h.date,
      processed: true,
      pushed: true,
      digested: h.date < now - DAY,
      from: eventFrom(h.actor),
      type: h.type,
      ...(h.workRequest ? { workRequest: h.workRequest } : {}),
      projects: h.projects,
      urls: h.urls,
      notify: { users: h.users, groups: h.groups },
      assets: h.assets,
    };
    add('Events', event);
    for (const to of h.users) {
      const n: D = {
        _id: rng.id(h.date),
        created: h.date,
        from: h.actor._id,
        to,
        event: eventFor(event, to),
        type: h.type,
        title: h.title,
        emailSubject: h.title,
        read: true,
        viewed: true,
        sent: true,
        added: h.date,
      };
      add('Notifications', n);
      const list = notificationsByUser.get(to) ?? [];
      list.push(n);
      notificationsByUser.set(to, list);
    }
  }
  // The newest quarter of each user's notifications is unread.
  for (const list of notificationsByUser.values()) {
    const newest = [...list].sort((a, b) => b.created - a.created).slice(0, Math.round(list.length / 4));
    for (const n of newest) {
      n.read = false;
      n.viewed = rng.chance(0.4);
      n.sent = rng.chance(0.5);
    }
  }
  const countOf = (u: UserRec): NotificationCount => {
    const list = notificationsByUser.get(u._id) ?? [];
    return { total: list.length, unread: list.filter((n) => n.read === false).length };
  };

  // The 90-minute feature, from its own random stream: the rest of the set is unchanged.
  const featureProject = projects.find((p) => p.prefix === FEATURE_PROJECT)!;
  const featureTemplate = wrs.find(
    (w) => w.translator === tomas && w.doc.status === 'in-progress' && w.asset.project === featureProject,
  );
  const featureAsset = assets.find((a) => a.project === featureProject && a.mediaType === 'video')!;
  if (!featureTemplate) throw new Error('demo: no work request of the demo translator to model the feature on');
  const feature = buildFeature({
    rng: new Rng(derivedSeed('feature')),
    now,
    project: docs.Projects.find((p) => p._id === featureProject._id)!,
    template: featureTemplate.doc,
    assetTemplate: docs.Assets.find((a) => a._id === featureAsset._id)!,
    embeddedTemplate: featureAsset.embedded,
    coordinator: summaryOf(cora),
  });
  for (const [c, list] of Object.entries(feature) as [Collection, D[]][]) for (const d of list) add(c, d);

  // Real media (docs/decisions/122-media-files-signed-links.md): clips, thumbnails; draws nothing from rng, so the rest
  // of the set is unchanged.
  attachDemoMedia(docs);
  for (const d of buildDemoGlossary(docs.Studios, docs.Projects, now, derivedSeed('glossary'))) add('Glossaryterms', d);
  for (const d of buildDemoSpecs(docs.Studios, now, derivedSeed('specs'))) add('Specs', d);

  const statuses: Record<string, number> = {};
  for (const w of docs.Workrequests) statuses[w.status as string] = (statuses[w.status as string] ?? 0) + 1;
  return {
    docs,
    accounts: DEMO_ACCOUNTS.map((a) => ({ ...a, _id: U(a.role)._id })),
    notifications: { admin: countOf(admin), coordinator: countOf(cora), translator: countOf(tomas) },
    statuses,
    automationQueue: wrs.filter(
      (w) => (w.doc.auto || w.doc.autosubs) && !CLOSED_STATUSES.includes(w.doc.status as string),
    ).length,
    translatorWorkRequests: wrs.filter((w) => w.translator === tomas).length + feature.Workrequests.length,
  };
}

/** Hashes each distinct password once (scrypt is slow), in parallel. */
export async function hashDemoPasswords(): Promise<Record<string, string>> {
  const passwords = [...new Set([...DEMO_ACCOUNTS.map((a) => a.password), DEMO_PASSWORD])];
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  return Object.fromEntries(passwords.map((p, i) => [p, hashes[i]!]));
}

/** Inserts documents collection by collection in one transaction. */
export async function insertAll(store: Store, docs: Record<Collection, D[]>): Promise<void> {
  await store.transaction(async (tx) => {
    for (const c of COLLECTIONS) for (const d of docs[c]) await tx.insert(c, d);
  });
}

export async function countAll(store: Store): Promise<Record<Collection, number>> {
  const counts = await Promise.all(COLLECTIONS.map(async (c) => [c, await store.count(c)] as const));
  return Object.fromEntries(counts) as Record<Collection, number>;
}

/** Seeds the demo set into an empty store. */
export async function seedDemo(store: Store, options: SeedOptions = {}): Promise<SeedSummary> {
  if (!(await isEmpty(store)))
    throw new Error('seedDemo: the store already has users; the demo set is only seeded into an empty store');
  const started = performance.now();
  const nowMs = options.now instanceof Date ? options.now.getTime() : (options.now ?? DEMO_NOW);
  const now = Math.floor(nowMs / 1000);
  const hashes = await hashDemoPasswords();
  const data = buildDemo(now, options.seed ?? DEMO_SEED, hashes);
  await insertAll(store, data.docs);
  // The approved translations feed the translation memory, as approving them would have (domain/memory.ts).
  await rememberApproved(store, now * 1000);
  return {
    now: new Date(now * 1000).toISOString(),
    counts: await countAll(store),
    accounts: data.accounts,
    notifications: data.notifications,
    statuses: data.statuses,
    automationQueue: data.automationQueue,
    translatorWorkRequests: data.translatorWorkRequests,
    ms: Math.round(performance.now() - started),
    synthesisedPreviews: data.docs.Previews.filter((p) => storedMedia(p.media)?.synth).map((p) => p._id),
  };
}

/** A seed derived from the demo seed for an independent stream (used by the large seed). */
export function derivedSeed(...parts: (string | number)[]): number {
  return hashSeed(DEMO_SEED, ...parts);
}
