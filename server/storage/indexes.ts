/**
 * The fields each collection can be filtered and sorted on, as JSON paths into the document. The SQLite store
 * turns each into a generated column with an index; any other store must answer the same fields.
 * `text` fields are lower-cased concatenations searched by `contains` filters (search boxes): the SQLite store
 * indexes each in an FTS5 table (sqlite/fullText.ts) and never scans them.
 */
import type { Collection } from './store';

export interface IndexedField {
  /** A JSON path (`$.a.b`) or, for text fields, several paths joined for search. */
  paths: string[];
  kind: 'value' | 'text' | 'expression';
  /** For `expression`: an SQL expression over `doc`. */
  sql?: string;
}

const v = (...paths: string[]): IndexedField => ({ paths, kind: 'value' });
const text = (...paths: string[]): IndexedField => ({ paths, kind: 'text' });
const expression = (sql: string): IndexedField => ({ paths: [], kind: 'expression', sql });

export const INDEXED_FIELDS: Record<Collection, Record<string, IndexedField>> = {
  Workrequests: {
    status: v('$.status'),
    language: v('$.language'),
    territory: v('$.territory'),
    project: v('$.project._id'),
    studio: v('$.studio'),
    asset: v('$.asset._id'),
    due: v('$.due.date'),
    from: v('$.from._id'),
    auto: v('$.auto'),
    autosubs: v('$.autosubs'),
    /** 1 when the work request is for automation (`auto` or `autosubs`): the automateJob queue. */
    automation: expression(
      "(CASE WHEN json_extract(doc, '$.auto') = 1 OR json_extract(doc, '$.autosubs') = 1 THEN 1 ELSE 0 END)",
    ),
    /** The translator of the work request's translation, from the summary it stores (domain/translations.ts). */
    translator: v('$.translationSummary.translator._id'),
    /** The same, '' when unassigned, so `assignee=none` is an indexed equality (routes/workrequests.ts). */
    assignee: expression("coalesce(json_extract(doc, '$.translationSummary.translator._id'), '')"),
    search: text('$.asset.name', '$.project.name', '$.instructions', '$.language', '$.territory', '$.from.name'),
    // What the reports group and sum by (docs/API.md "Reports", server/domain/reports.ts); postgres/columns.ts has
    // their PostgreSQL twins.
    /** When the order was delivered: the date of its last history entry (its move to `complete`); NULL while not. */
    delivered: expression(
      "(CASE WHEN json_extract(doc, '$.status') = 'complete' THEN json_extract(doc, '$.history[#-1].date') END)",
    ),
    /** Seconds from placed (`created`) to delivered; NULL while not delivered. */
    turnaround: expression(
      "(CASE WHEN json_extract(doc, '$.status') = 'complete' THEN json_extract(doc, '$.history[#-1].date') - created END)",
    ),
    /** 1 delivered by its `due` date, 0 delivered late; NULL while not delivered or without a due date. */
    onTime: expression(
      "(CASE WHEN json_extract(doc, '$.status') = 'complete' AND json_extract(doc, '$.due.date') IS NOT NULL THEN json_extract(doc, '$.history[#-1].date') <= json_extract(doc, '$.due.date') END)",
    ),
    /** The spend: the amount of `estimate.applied` (else `estimate.base`), e.g. 975 of "975.00 USD"; NULL without. */
    spend: expression(
      "(CASE WHEN coalesce(json_extract(doc, '$.estimate.applied'), json_extract(doc, '$.estimate.base')) GLOB '[0-9]*' THEN CAST(coalesce(json_extract(doc, '$.estimate.applied'), json_extract(doc, '$.estimate.base')) AS REAL) END)",
    ),
    /** The requester's group (the first of `from.groups`): whose budget an order is spent from. */
    group: expression("json_extract(doc, '$.from.groups[0]._id')"),
    /** The translator's vendor: the first group of the assigned translator (`translationSummary.translator`). */
    vendor: expression("json_extract(doc, '$.translationSummary.translator.groups[0]._id')"),
    /** 'rejected', 'cancelled', or 'sent-back' (the last move took it from for-review back to in-progress); else NULL. */
    exception: expression(
      "(CASE json_extract(doc, '$.status') WHEN 'rejected' THEN 'rejected' WHEN 'cancelled' THEN 'cancelled' WHEN 'in-progress' THEN CASE WHEN json_extract(doc, '$.history[#-2].status') = 'for-review' THEN 'sent-back' END END)",
    ),
    /** How many offline rejections and encodes the order holds (lengths of `rejections` and `encodes`). */
    rejectionCount: expression("coalesce(json_array_length(doc, '$.rejections'), 0)"),
    encodeCount: expression("coalesce(json_array_length(doc, '$.encodes'), 0)"),
  },
  /** `key` is `<translation>:<round>` (unique: two submits cannot both make one round). */
  Rounds: { translation: v('$.translation'), round: v('$.round'), key: v('$.key') },
  Translations: {
    workRequest: v('$.workRequest'),
    asset: v('$.asset'),
    language: v('$.language'),
    status: v('$.status'),
    translator: v('$.translator._id'),
  },
  Users: {
    username: v('$.username'),
    name: v('$.name'),
    /** The user's group ids as the text of their JSON list (`contains` finds the members of groups). */
    groups: text('$.groups'),
  },
  Groups: { name: v('$.name'), type: v('$.type') },
  Offlines: { workRequest: v('$.workRequest') },
  /** `to` (user summaries) and `groups` (group ids): the recipients a share reaches (domain/grants.ts). */
  Shares: {
    from: v('$.from._id'),
    to: text('$.to'),
    groups: text('$.groups'),
    /** When the share ends (epoch seconds; 1e12 without an end): "still active" is `expires > now` in the query. */
    expires: expression("coalesce(json_extract(doc, '$.expires'), 1e12)"),
  },
  Permissions: { share: v('$.share'), user: v('$.user') },
  Assets: {
    project: v('$.project'),
    studio: v('$.studio'),
    name: v('$.name'),
    type: v('$.type'),
    /** `q` on GET /assets/countByProject: the catalog's asset search (the name, the slug and the type). */
    search: text('$.name', '$.slug', '$.type'),
  },
  Previews: { asset: v('$.asset') },
  Files: {
    asset: v('$.asset'),
    project: v('$.project'),
    studio: v('$.studio'),
    /** The stored type: a studio's pictures (`GET /files?studio=&kind=picture`, the logo picker). */
    mime: v('$.mime'),
    uploadDate: v('$.uploadDate'),
    /** Whose upload it is and how its processing stands (domain/ingest/ingest.ts; GET /api/ingests). */
    uploader: v('$.ingest.uploader'),
    ingestState: v('$.ingest.state'),
    /**
     * Until when the file is under embargo (domain/embargo.ts): `embargo.end`, or EMBARGO_UNTIL_EVENT for an event
     * embargo without an end (lifted by an admin only); NULL without an embargo.
     */
    embargoUntil: expression(
      "(CASE WHEN json_extract(doc, '$.embargo.end') IS NOT NULL THEN json_extract(doc, '$.embargo.end') WHEN json_extract(doc, '$.embargo.event') = 1 THEN 1e12 END)",
    ),
    /** The end of an embargo whose lift nobody was told of yet (`embargoLiftNotified` is another end): the sweep's. */
    embargoLiftDue: expression(
      "(CASE WHEN json_extract(doc, '$.embargo.end') IS NOT NULL AND coalesce(json_extract(doc, '$.embargoLiftNotified'), -1) <> json_extract(doc, '$.embargo.end') THEN json_extract(doc, '$.embargo.end') END)",
    ),
  },
  Comments: { workRequest: v('$.workRequest') },
  Projects: {
    studio: v('$.studio'),
    name: v('$.name'),
    archived: expression("coalesce(json_extract(doc, '$.archived'), 0)"),
    /** `q` on GET /projects: the name and the slug (a search box for a desk with thousands of projects). */
    search: text('$.name', '$.slug'),
  },
  Studios: { name: v('$.name'), slug: v('$.slug') },
  Languages: { code: v('$.code'), name: v('$.name') },
  Territories: { name: v('$.name') },
  Notifications: {
    to: v('$.to'),
    read: v('$.read'),
    type: v('$.type'),
    added: v('$.added'),
    search: text('$.title', '$.emailSubject'),
  },
  Events: { type: v('$.type') },
  Mails: { to: v('$.to') },
  /**
   * One record per recipient and shared asset (domain/shareFeedback.ts): by share (its summary), asset, person, and
   * what reports count by (territory, studio, project, vote). `key` (share:asset:user) is unique.
   */
  Sharefeedback: {
    share: v('$.share'),
    asset: v('$.asset'),
    user: v('$.user'),
    territory: v('$.territory'),
    studio: v('$.studio'),
    project: v('$.project'),
    vote: v('$.vote'),
    key: v('$.key'),
  },
  Glossaryterms: {
    studio: v('$.studio'),
    /** '' for a studio's own terms, so "the studio's terms only" is an indexed equality. */
    project: expression("coalesce(json_extract(doc, '$.project'), '')"),
    language: v('$.language'),
    /** The source term folded (domain/glossary.ts): the list's order. */
    folded: v('$.folded'),
    /** Scope, language and folded source term: unique (UNIQUE_FIELDS). */
    key: v('$.key'),
    /** 1 for a deleted term (kept as a tombstone: the Store has no delete). */
    deleted: expression("coalesce(json_extract(doc, '$.deleted'), 0)"),
    search: text('$.source', '$.translation', '$.notes'),
  },
  Specs: {
    studio: v('$.studio'),
    /** '' for a studio-wide spec. */
    project: expression("coalesce(json_extract(doc, '$.project'), '')"),
    language: expression("coalesce(json_extract(doc, '$.language'), '')"),
    /** The name folded (domain/specs.ts): the list's order. */
    folded: v('$.folded'),
    /** Studio and folded name: unique (UNIQUE_FIELDS). */
    key: v('$.key'),
    /** 1 for a deleted spec (kept as a tombstone: the Store has no delete). */
    deleted: expression("coalesce(json_extract(doc, '$.deleted'), 0)"),
  },
  /** One record per translation (domain/qcAcceptances.ts): found by its translation, which is unique. */
  Qcacceptances: { translation: v('$.translation') },
  /** Download and view records (http/transferLog.ts): by asset (its page), person, file, and what reports group by. */
  Downloads: {
    kind: v('$.kind'),
    asset: v('$.asset'),
    user: v('$.user'),
    file: v('$.file'),
    studio: v('$.studio'),
    project: v('$.project'),
    day: v('$.day'),
    link: v('$.link'),
    groups: text('$.groups'),
  },
};

/** The reports' covering index: placed date, then every field a report filters, groups or sums by. */
const REPORT_COLUMNS_BY_DATE = [
  'created',
  'status',
  'studio',
  'project',
  'language',
  'territory',
  'group',
  'vendor',
  'due',
  'delivered',
  'turnaround',
  'onTime',
  'spend',
  'exception',
  'rejectionCount',
  'encodeCount',
];

/** Indexes over several columns, for the lists that filter on one field and sort on another. */
export const COMPOSITE_INDEXES: Partial<Record<Collection, string[][]>> = {
  Workrequests: [
    ['status', 'due'],
    ['status', 'created'],
    ['project', 'due'],
    ['automation', 'due'],
    ['language', 'due'],
    ['territory', 'due'],
    // A coordinator's list: their studios by date (the store merges one range per studio), and by status (counts
    // of a status tab among 100,000 work requests: 970 ms without, 3 ms with) and due date (the dashboard's counts of
    // open orders due in a range, index-only: overdue among 100,000, 877 ms with (studio, due) -> 1 ms).
    ['studio', 'created'],
    ['studio', 'due'],
    ['status', 'studio', 'due'],
    // The lists of translators and requesters (domain/workRequests.ts visibilityFilters), in both sort orders.
    ['translator', 'due'],
    ['translator', 'created'],
    ['from', 'due'],
    ['from', 'created'],
    // The list's assignee filter (`assignee=me|none|<id>`: routes/workrequests.ts), in both sort orders.
    ['assignee', 'due'],
    ['assignee', 'created'],
    // The reports (server/domain/reports.ts): a date range of placed orders, every column a report groups or sums
    // by in the index itself, so a report reads the index alone, never the documents. A studio's reports start at
    // its studio.
    REPORT_COLUMNS_BY_DATE,
    // The exceptions report's list of rejected, cancelled and sent-back orders, newest first.
    ['exception', 'created'],
    ['studio', ...REPORT_COLUMNS_BY_DATE.filter((c) => c !== 'studio')],
  ],
  Notifications: [
    ['to', 'added'],
    ['to', 'read', 'added'],
    ['to', 'type', 'added'],
  ],
  Comments: [['workRequest', 'created']],
  Rounds: [['translation', 'round']],
  // An asset's downloads newest first; `$transfer.downloaded` (has this person downloaded this file?); reports.
  Downloads: [
    ['asset', 'created'],
    ['user', 'file'],
    ['studio', 'day'],
  ],
  // The share feedback report (domain/reports.ts): its range (when first given) with what it groups by, read from the
  // index alone; and the same with the studio first, for a studio's coordinator or filter.
  Sharefeedback: [
    ['created', 'asset', 'territory', 'vote', 'project', 'user'],
    ['studio', 'created', 'asset', 'territory', 'vote', 'project', 'user'],
  ],
};

/**
 * Fields whose value no two records of a collection may share: the database refuses the second write (a UNIQUE
 * index; the store answers UniqueViolation), so two requests or instances inserting at once cannot both succeed.
 * A user's `username` is their normalised e-mail (`emailNormal` always holds the same value: routes/users.ts).
 * Projects are not here: their slug comes from the name and the demo data and clients reuse names across studios.
 */
export const UNIQUE_FIELDS: Partial<Record<Collection, string[]>> = {
  Users: ['username'],
  Languages: ['code'],
  Studios: ['slug'],
  Glossaryterms: ['key'],
  Sharefeedback: ['key'],
  Rounds: ['key'],
  Specs: ['key'],
  Qcacceptances: ['translation'],
};
