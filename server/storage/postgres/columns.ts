/**
 * How each indexed field of indexes.ts is a column in PostgreSQL. indexes.ts names fields and JSON paths; their
 * types and the SQLite-specific `expression` fields are spelled out here, one entry per `Collection.field`, and
 * `pgColumns` refuses to start when indexes.ts has a field this table lacks (or the reverse): a new indexed field
 * needs its PostgreSQL type said here, never guessed.
 *
 * - `text`: `text COLLATE "C"` generated from the path (`doc #>> …`): compared and sorted byte-wise, like SQLite.
 * - `number`: `double precision` generated from the path; JSON booleans are 1 and 0 (as SQLite's json_extract
 *   gives them), anything else not a number is NULL.
 * - `expression`: a generated column of this SQL over `doc` (the PostgreSQL twin of the indexes.ts expression).
 * - `words`: a word-search field: a `tsvector` column the store fills from the paths (search.ts) with a GIN index.
 * - `ids`: a field holding a JSON list of record ids (a user's groups, a share's groups) or of records that carry
 *   their `_id` (a share's recipients, user summaries): the column is the list of those ids (the strings, and each
 *   object's `_id`), and `contains` asks whether it holds any of the given ids, through a GIN index on it (`?|`),
 *   not through text search.
 */
import { COLLECTIONS, type Collection } from '../store';
import { INDEXED_FIELDS } from '../indexes';

export type PgFieldKind =
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'expression'; type: 'double precision' | 'text'; sql: string }
  | { kind: 'words' }
  | { kind: 'ids' };

const text: PgFieldKind = { kind: 'text' };
const number: PgFieldKind = { kind: 'number' };
const words: PgFieldKind = { kind: 'words' };
const ids: PgFieldKind = { kind: 'ids' };

/** A JSON value as a number the way SQLite's json_extract compares it (true 1, false 0, else NULL when not a number). */
export function numberOf(json: string): string {
  return (
    `(CASE jsonb_typeof(${json}) WHEN 'number' THEN (${json})::double precision ` +
    `WHEN 'boolean' THEN CASE WHEN (${json}) = 'true'::jsonb THEN 1 ELSE 0 END END)`
  );
}

export const PG_FIELDS: Record<string, PgFieldKind> = {
  'Workrequests.status': text,
  'Workrequests.language': text,
  'Workrequests.territory': text,
  'Workrequests.project': text,
  'Workrequests.studio': text,
  'Workrequests.asset': text,
  'Workrequests.due': number,
  'Workrequests.from': text,
  'Workrequests.auto': number,
  'Workrequests.autosubs': number,
  'Workrequests.automation': {
    kind: 'expression',
    type: 'double precision',
    sql: `(CASE WHEN doc->'auto' = 'true'::jsonb OR doc->'auto' = '1'::jsonb OR doc->'autosubs' = 'true'::jsonb OR doc->'autosubs' = '1'::jsonb THEN 1 ELSE 0 END)`,
  },
  'Workrequests.translator': text,
  'Workrequests.assignee': {
    kind: 'expression',
    type: 'text',
    sql: `coalesce(doc #>> '{translationSummary,translator,_id}', '')`,
  },
  'Workrequests.search': words,
  // The reports' fields (indexes.ts has what each means).
  'Workrequests.delivered': {
    kind: 'expression',
    type: 'double precision',
    sql: `(CASE WHEN doc->>'status' = 'complete' THEN ${numberOf(`doc->'history'->-1->'date'`)} END)`,
  },
  'Workrequests.turnaround': {
    kind: 'expression',
    type: 'double precision',
    sql: `(CASE WHEN doc->>'status' = 'complete' THEN ${numberOf(`doc->'history'->-1->'date'`)} - created END)`,
  },
  'Workrequests.onTime': {
    kind: 'expression',
    type: 'double precision',
    sql: `(CASE WHEN doc->>'status' = 'complete' AND ${numberOf(`doc #> '{due,date}'`)} IS NOT NULL THEN CASE WHEN ${numberOf(`doc->'history'->-1->'date'`)} <= ${numberOf(`doc #> '{due,date}'`)} THEN 1 ELSE 0 END END)`,
  },
  'Workrequests.spend': {
    kind: 'expression',
    type: 'double precision',
    sql: `(substring(coalesce(doc #>> '{estimate,applied}', doc #>> '{estimate,base}') from '^[0-9]+(?:\\.[0-9]+)?'))::double precision`,
  },
  'Workrequests.group': { kind: 'expression', type: 'text', sql: `doc #>> '{from,groups,0,_id}'` },
  'Workrequests.vendor': {
    kind: 'expression',
    type: 'text',
    sql: `doc #>> '{translationSummary,translator,groups,0,_id}'`,
  },
  'Workrequests.exception': {
    kind: 'expression',
    type: 'text',
    sql: `(CASE doc->>'status' WHEN 'rejected' THEN 'rejected' WHEN 'cancelled' THEN 'cancelled' WHEN 'in-progress' THEN CASE WHEN doc->'history'->-2->>'status' = 'for-review' THEN 'sent-back' END END)`,
  },
  'Workrequests.rejectionCount': {
    kind: 'expression',
    type: 'double precision',
    sql: `(CASE jsonb_typeof(doc->'rejections') WHEN 'array' THEN jsonb_array_length(doc->'rejections') ELSE 0 END)`,
  },
  'Workrequests.encodeCount': {
    kind: 'expression',
    type: 'double precision',
    sql: `(CASE jsonb_typeof(doc->'encodes') WHEN 'array' THEN jsonb_array_length(doc->'encodes') ELSE 0 END)`,
  },
  'Translations.workRequest': text,
  'Translations.asset': text,
  'Translations.language': text,
  'Translations.status': text,
  'Translations.translator': text,
  'Users.username': text,
  'Users.name': text,
  'Users.groups': ids,
  'Groups.name': text,
  'Groups.type': text,
  'Offlines.workRequest': text,
  'Shares.from': text,
  'Shares.to': ids,
  'Shares.groups': ids,
  'Shares.expires': {
    kind: 'expression',
    type: 'double precision',
    sql: `coalesce(${numberOf("doc->'expires'")}, 1e12)`,
  },
  'Permissions.share': text,
  'Permissions.user': text,
  'Assets.project': text,
  'Assets.studio': text,
  'Assets.name': text,
  'Assets.type': text,
  'Assets.search': words,
  'Previews.asset': text,
  'Files.asset': text,
  'Files.project': text,
  'Files.studio': text,
  'Files.mime': text,
  'Files.uploadDate': number,
  'Files.uploader': text,
  'Files.ingestState': text,
  'Files.embargoUntil': {
    kind: 'expression',
    type: 'double precision',
    sql: `(CASE WHEN ${numberOf(`doc #> '{embargo,end}'`)} IS NOT NULL THEN ${numberOf(`doc #> '{embargo,end}'`)} WHEN doc #> '{embargo,event}' = 'true'::jsonb THEN 1e12 END)`,
  },
  'Files.embargoLiftDue': {
    kind: 'expression',
    type: 'double precision',
    sql: `(CASE WHEN coalesce(${numberOf(`doc->'embargoLiftNotified'`)}, -1) <> ${numberOf(`doc #> '{embargo,end}'`)} THEN ${numberOf(`doc #> '{embargo,end}'`)} END)`,
  },
  'Comments.workRequest': text,
  'Projects.studio': text,
  'Projects.name': text,
  'Projects.archived': {
    kind: 'expression',
    type: 'double precision',
    sql: `coalesce(${numberOf(`doc->'archived'`)}, 0)`,
  },
  'Projects.search': words,
  'Studios.name': text,
  'Studios.slug': text,
  'Languages.code': text,
  'Languages.name': text,
  'Territories.name': text,
  'Notifications.to': text,
  'Notifications.read': number,
  'Notifications.type': text,
  'Notifications.added': number,
  'Notifications.search': words,
  'Events.type': text,
  'Mails.to': text,
  'Sharefeedback.share': text,
  'Sharefeedback.asset': text,
  'Sharefeedback.user': text,
  'Sharefeedback.territory': text,
  'Sharefeedback.studio': text,
  'Sharefeedback.project': text,
  'Sharefeedback.vote': text,
  'Sharefeedback.key': text,
  'Rounds.translation': text,
  'Rounds.round': number,
  'Rounds.key': text,
  'Glossaryterms.studio': text,
  'Glossaryterms.project': { kind: 'expression', type: 'text', sql: `coalesce(doc->>'project', '')` },
  'Glossaryterms.language': text,
  'Glossaryterms.folded': text,
  'Glossaryterms.key': text,
  'Glossaryterms.deleted': {
    kind: 'expression',
    type: 'double precision',
    sql: `coalesce(${numberOf(`doc->'deleted'`)}, 0)`,
  },
  'Glossaryterms.search': words,
  'Specs.studio': text,
  'Specs.project': { kind: 'expression', type: 'text', sql: `coalesce(doc->>'project', '')` },
  'Specs.language': { kind: 'expression', type: 'text', sql: `coalesce(doc->>'language', '')` },
  'Specs.folded': text,
  'Specs.key': text,
  'Specs.deleted': {
    kind: 'expression',
    type: 'double precision',
    sql: `coalesce(${numberOf(`doc->'deleted'`)}, 0)`,
  },
  'Qcacceptances.translation': text,
  'Downloads.kind': text,
  'Downloads.asset': text,
  'Downloads.user': text,
  'Downloads.file': text,
  'Downloads.studio': text,
  'Downloads.project': text,
  'Downloads.day': text,
  'Downloads.link': text,
  'Downloads.groups': ids,
};

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A JSON path of indexes.ts (`$.a.b`) as a PostgreSQL path literal (`'{a,b}'`). */
export function pgPath(path: string): string {
  if (!path.startsWith('$.')) throw new Error(`unsupported JSON path ${path}`);
  const keys = path.slice(2).split('.');
  for (const k of keys) if (!SQL_NAME.test(k)) throw new Error(`unsupported JSON path ${path}`);
  return `'{${keys.join(',')}}'`;
}

export interface PgColumn {
  field: string;
  kind: PgFieldKind['kind'];
  /** The column's name in the table. */
  column: string;
  /** The JSON paths (word and id fields). */
  paths: string[];
  /** The column definition after its name (type and generation); the store fills `words` columns itself. */
  definition: string;
}

/** The columns of a collection's indexed fields; throws when indexes.ts and PG_FIELDS disagree. */
export function pgColumns(collection: Collection): PgColumn[] {
  return Object.entries(INDEXED_FIELDS[collection]).map(([field, indexed]) => {
    if (!SQL_NAME.test(field)) throw new Error(`${collection}.${field}: not a usable field name`);
    const pg = PG_FIELDS[`${collection}.${field}`];
    if (!pg) {
      throw new Error(
        `server/storage/postgres/columns.ts has no PostgreSQL column for ${collection}.${field} (indexed in indexes.ts): add it to PG_FIELDS`,
      );
    }
    const expected =
      indexed.kind === 'text' ? ['words', 'ids'] : indexed.kind === 'value' ? ['text', 'number'] : ['expression'];
    if (!expected.includes(pg.kind)) {
      throw new Error(`${collection}.${field} is a ${indexed.kind} field in indexes.ts but ${pg.kind} in PG_FIELDS`);
    }
    const column = `f_${field}`;
    const json = indexed.paths[0] ? `doc #> ${pgPath(indexed.paths[0])}` : 'doc';
    let definition: string;
    switch (pg.kind) {
      case 'text':
        definition = `text COLLATE "C" GENERATED ALWAYS AS (doc #>> ${pgPath(indexed.paths[0]!)}) STORED`;
        break;
      case 'number':
        definition = `double precision GENERATED ALWAYS AS (${numberOf(json)}) STORED`;
        break;
      case 'expression':
        definition = `${pg.type === 'text' ? 'text COLLATE "C"' : pg.type} GENERATED ALWAYS AS (${pg.sql}) STORED`;
        break;
      case 'ids':
        if (indexed.paths.length !== 1) throw new Error(`${collection}.${field}: an id list has one path`);
        // jsonb's `?|` finds string elements only: a list of {_id, …} summaries is indexed by its ids.
        definition =
          `jsonb GENERATED ALWAYS AS (jsonb_path_query_array(${json}, 'lax $[*] ? (@.type() == "string")') || ` +
          `jsonb_path_query_array(${json}, 'lax $[*]._id')) STORED`;
        break;
      case 'words':
        for (const p of indexed.paths) pgPath(p);
        definition = `tsvector NOT NULL DEFAULT ''::tsvector`;
        break;
    }
    return { field, kind: pg.kind, column, paths: indexed.paths, definition };
  });
}

/** Checks every collection's fields at once (the store does at start; a test does too). */
export function checkPgFields(): void {
  const known = new Set<string>();
  for (const c of COLLECTIONS) for (const col of pgColumns(c)) known.add(`${c}.${col.field}`);
  for (const key of Object.keys(PG_FIELDS)) {
    if (!known.has(key)) throw new Error(`PG_FIELDS has ${key}, which indexes.ts does not index`);
  }
}
