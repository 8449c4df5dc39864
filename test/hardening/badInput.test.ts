/**
 * The attack suite's bad-input corpus (docs/decisions/131): every write route of the interface is fed bodies an attacker or
 * a careless client would send, and every list route hostile query parameters. A refused request must be a 4xx
 * with the documented JSON error `{error:{code,message}}`, never a 5xx, and must change nothing: the database's
 * fingerprint (row counts and versions of every table, read beside the running server from its SQLite file or its
 * PostgreSQL database: test/support/database.ts) and the target record's ETag and content are the same before and
 * after. The file runs on both stores (vitest.config.ts, projects `sqlite` and `postgres`).
 *
 * One server for the whole file; the cases of a route run one after the other so that each one's "nothing
 * changed" is its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { startServer, call, basic, DEMO, type Account, type Call, type TestServer } from '../support/server';
import { openDatabaseReader, type DatabaseReader } from '../support/database';
import type { Collection } from '../../server/storage/store';
import { user as userSchema } from '../../src/api/schema/user';
import { translation as translationSchema } from '../../src/api/schema/translation';
import { comment as commentSchema } from '../../src/api/schema/comment';
import { share as shareSchema } from '../../src/api/schema/share';
import { asset as assetSchema } from '../../src/api/schema/asset';
import { preview as previewSchema } from '../../src/api/schema/preview';
import { file as fileSchema } from '../../src/api/schema/file';
import { project as projectSchema } from '../../src/api/schema/project';
import { studio as studioSchema } from '../../src/api/schema/studio';
import { language as languageSchema } from '../../src/api/schema/language';
import { territory as territorySchema } from '../../src/api/schema/territory';
import { notification as notificationSchema } from '../../src/api/schema/notification';
import { offline as offlineSchema } from '../../src/api/schema/offline';
import { orderChange, orderInput } from '../../src/api/schema/order';
import { interfaceDescription, operations, parameterNames, pathFor } from '../support/description';

let server: TestServer;
let db: DatabaseReader;

const MiB = 1024 * 1024;
const JSON_TYPE = { 'Content-Type': 'application/json' };

// ---------------------------------------------------------------------------------------------------------------
// Bodies. A case is raw text (so that it can be what JSON.stringify never writes) with its headers.

interface BodyCase {
  name: string;
  raw: string | undefined;
  headers: Record<string, string>;
}

/** A value JSON.stringify cannot write (1e309): the marker is replaced in the text. */
const RAW = (text: string) => `\u0000raw:${text}\u0000`;
function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000raw:(.*?)\\u0000"/g, '$1');
}
const json = (name: string, value: unknown, headers: Record<string, string> = {}): BodyCase => ({
  name,
  raw: toJson(value),
  headers: { ...JSON_TYPE, ...headers },
});
const text = (name: string, raw: string | undefined, type = 'application/json'): BodyCase => ({
  name,
  raw,
  headers: { 'Content-Type': type },
});

const deep = (levels: number, inner: string) => '{"x":'.repeat(levels) + inner + '}'.repeat(levels);

/** Bodies no route may accept, whatever it does with a body: refused at parsing. */
const MALFORMED: BodyCase[] = [
  text('not JSON', 'name=x'),
  text('truncated JSON', '{"name": "x"'),
  text('JSON with trailing garbage', '{"name": "x"} {"name": "y"}'),
  text('single-quoted JSON', "{'name': 'x'}"),
  text('a JSON comment', '{"name": "x" /* hi */}'),
  text('an object 1,000 levels deep', deep(1000, '1')),
  text('an array 1,000 levels deep', `{"x":${'['.repeat(1000)}${']'.repeat(1000)}}`),
  text('a __proto__ key', '{"__proto__": {"isAdmin": true, "polluted": true}}'),
  text('a nested __proto__ key', '{"preferences": {"__proto__": {"polluted": true}}}'),
  text('a constructor.prototype key', '{"constructor": {"prototype": {"isAdmin": true, "polluted": true}}}'),
  text('a body over 1 MiB', JSON.stringify({ name: 'x'.repeat(MiB + 1024) })),
  text('a JSON body sent as text/plain', '{"name": "x"}', 'text/plain'),
  text('a JSON body sent as a form', 'name=x', 'application/x-www-form-urlencoded'),
  text(
    'a JSON body sent as multipart',
    '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--',
    'multipart/form-data; boundary=b',
  ),
  text('a JSON body sent as XML', '<name>x</name>', 'application/xml'),
];

/** Well-formed JSON that is not an object: refused by every route that reads its body. */
const NOT_AN_OBJECT: BodyCase[] = [
  text('a JSON array', '[]'),
  text('a JSON array of an object', '[{"name": "x"}]'),
  text('a JSON string', '"name"'),
  text('a JSON number', '42'),
  text('JSON null', 'null'),
  text('JSON true', 'true'),
];
const EMPTY: BodyCase = text('an empty body with a JSON content type', '');

// ---------------------------------------------------------------------------------------------------------------
// Wrong field types, derived from the contract's schemas (src/api/schema): for each field, values of other types.

// zod's internal definitions (`_zod.def`) are not part of its typed surface: the few fields read here, typed here.
type Def = {
  type: string;
  format?: string;
  innerType?: { _zod: { def: Def } };
  element?: { _zod: { def: Def } };
  shape?: Record<string, { _zod: { def: Def } }>;
};
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const unwrap = (d: Def): Def => (d.type === 'optional' && d.innerType ? unwrap(d.innerType._zod.def) : d);

/** Values of the wrong type for a field of this definition (none for `unknown`, which takes anything). */
function wrongValues(d: Def): unknown[] {
  switch (d.type) {
    case 'string':
      return [42, { $gt: '' }, null];
    case 'number':
      return ['12', RAW('1e309'), 'NaN', null, ...(d.format?.includes('int') ? [1.5] : [])];
    case 'boolean':
      return ['true', 1, null];
    case 'array':
      return [{ 0: 'x' }, 'x', null];
    case 'object':
      return ['x', [], null];
    case 'record':
      return [[], 'x', null];
    case 'enum':
      return ['not-a-member', 3, null];
    default:
      return [];
  }
}

interface FieldCase {
  path: string;
  value: unknown;
}

/**
 * For every field of an object schema (read-only `_id`, `created` and `$`-fields aside: docs/API.md ignores them
 * in bodies), a case per wrong value; one level down into objects and lists of objects, one wrong value each.
 */
function fieldCases(schema: z.core.$ZodType, allowNull: readonly string[] = []): FieldCase[] {
  const shape = unwrap(defOf(schema)).shape ?? {};
  const cases: FieldCase[] = [];
  for (const [name, field] of Object.entries(shape)) {
    if (name === '_id' || name === 'created' || name.startsWith('$')) continue;
    const d = unwrap(field._zod.def);
    for (const value of wrongValues(d)) {
      if (value === null && allowNull.includes(name)) continue;
      cases.push({ path: name, value });
    }
    const nested = d.type === 'object' ? d : d.type === 'array' && d.element ? unwrap(d.element._zod.def) : undefined;
    if (nested?.type !== 'object' || !nested.shape) continue;
    for (const [inner, innerField] of Object.entries(nested.shape)) {
      if (inner === '_id' || inner.startsWith('$')) continue;
      const [value] = wrongValues(unwrap(innerField._zod.def));
      if (value === undefined) continue;
      const object = { [inner]: value };
      cases.push({ path: `${name}.${inner}`, value: d.type === 'array' ? [object] : object });
    }
  }
  return cases;
}

/** The same for a plain list of field definitions (routes whose body is not a contract record). */
function listedFieldCases(fields: Record<string, Def>): FieldCase[] {
  return Object.entries(fields).flatMap(([path, d]) => wrongValues(d).map((value) => ({ path, value })));
}

// ---------------------------------------------------------------------------------------------------------------
// The routes.

interface Fixtures {
  adminId: string;
  translatorId: string;
  coordinatorId: string;
  /** A user none of the demo accounts is: the target of admins' writes to another user. */
  otherUserId: string;
  workRequestId: string;
  translationId: string;
  commentId: string;
  shareId: string;
  assetId: string;
  previewId: string;
  fileId: string;
  projectId: string;
  studioId: string;
  languageId: string;
  territoryId: string;
  notificationId: string;
  invitationCode: string;
}
let fx: Fixtures;

interface WriteRoute {
  route: string;
  method: 'PUT' | 'POST';
  path: () => string;
  as: Account | null;
  /** A body the route accepts: every field case spoils one field of it. */
  base: () => Record<string, unknown>;
  fields: () => FieldCase[];
  /** The record the route writes, re-read through the API before and after: its ETag and content must stay. */
  record?: () => string;
  /** The route reads no body (POST /session): well-formed bodies of any shape are not its concern. */
  bodyIgnored?: boolean;
  /** An empty body is a valid request here (POST /notifications/markRead: `{q?, type?}` all optional). */
  emptyIsValid?: boolean;
  /** Path-id cases: the path with another id in place of the record's. */
  withId?: (id: string) => string;
}

const ADMIN = DEMO.admin;

const ROUTES: WriteRoute[] = [
  {
    route: 'PUT /users',
    method: 'PUT',
    path: () => '/api/users',
    as: ADMIN,
    base: () => ({ _id: fx.translatorId }),
    fields: () => [...fieldCases(userSchema), ...listedFieldCases({ password: { type: 'string' } })],
    record: () => `/api/users/${fx.translatorId}`,
  },
  {
    route: 'PUT /users/{id}',
    method: 'PUT',
    path: () => `/api/users/${fx.translatorId}`,
    as: ADMIN,
    base: () => ({ name: 'Tess Translator' }),
    fields: () => [...fieldCases(userSchema), ...listedFieldCases({ password: { type: 'string' } })],
    record: () => `/api/users/${fx.translatorId}`,
    withId: (id) => `/api/users/${id}`,
  },
  {
    route: 'POST /users/{id}/invitation',
    method: 'POST',
    path: () => `/api/users/${fx.adminId}/invitation`,
    as: ADMIN,
    // The admin is registered: a well-formed request is a 409 here, so every case must fail without a write.
    base: () => ({}),
    fields: () => [],
    record: () => `/api/users/${fx.adminId}`,
    bodyIgnored: true,
    withId: (id) => `/api/users/${id}/invitation`,
  },
  {
    route: 'POST /session',
    method: 'POST',
    path: () => '/api/session',
    as: ADMIN,
    base: () => ({}),
    fields: () => [],
    bodyIgnored: true,
    emptyIsValid: true,
  },
  {
    route: 'PUT /workrequests/{id}',
    method: 'PUT',
    path: () => `/api/workrequests/${fx.workRequestId}`,
    as: ADMIN,
    base: () => ({ status: 'in-progress', reason: 'attack suite' }),
    fields: () => [
      ...fieldCases(orderChange),
      { path: 'reason', value: '   ' },
      { path: 'due.tz', value: { date: 2_000_000_000, tz: 'Not/AZone' } },
      { path: 'reason', value: 'r'.repeat(100_000) },
    ],
    record: () => `/api/workrequests/${fx.workRequestId}`,
    withId: (id) => `/api/workrequests/${id}`,
  },
  {
    route: 'POST /workrequests',
    method: 'POST',
    path: () => '/api/workrequests',
    as: ADMIN,
    base: () => ({
      asset: fx.assetId,
      language: 'fr-FR',
      territory: 'FR',
      dng: { dialogue: ['subtitles'] },
      due: { date: 2_000_000_000, tz: 'Europe/Paris' },
    }),
    fields: () => [
      ...fieldCases(orderInput),
      { path: 'due.tz', value: { date: 2_000_000_000, tz: 'Not/AZone' } },
      { path: 'asset', value: 'not-an-id' },
    ],
  },
  {
    route: 'PUT /translations/{id}',
    method: 'PUT',
    path: () => `/api/translations/${fx.translationId}`,
    as: ADMIN,
    base: () => ({ approval: false }),
    fields: () => [...fieldCases(translationSchema), { path: 'status', value: 'published' }],
    record: () => `/api/translations/${fx.translationId}`,
    withId: (id) => `/api/translations/${id}`,
  },
  {
    route: 'POST /comments',
    method: 'POST',
    path: () => '/api/comments',
    as: ADMIN,
    base: () => ({ workRequest: fx.workRequestId, body: 'a comment' }),
    fields: () => [
      ...listedFieldCases({ workRequest: { type: 'string' }, body: { type: 'string' } }),
      { path: 'body', value: '  ' },
      { path: 'body', value: 'b'.repeat(20_001) },
      { path: 'workRequest', value: 'not-hex' },
      { path: 'workRequest', value: 'f'.repeat(24) },
      { path: 'workRequest', value: fx.translationId },
      { path: 'workRequest', value: fx.projectId },
    ],
  },
  {
    route: 'PUT /comments/{id}',
    method: 'PUT',
    path: () => `/api/comments/${fx.commentId}`,
    as: ADMIN,
    base: () => ({ body: 'edited' }),
    fields: () => [...fieldCases(commentSchema), { path: 'body', value: ' ' }],
    withId: (id) => `/api/comments/${id}`,
  },
  {
    route: 'POST /offlines',
    method: 'POST',
    path: () => '/api/offlines',
    as: ADMIN,
    base: () => ({ workRequest: fx.workRequestId }),
    fields: () => [
      ...fieldCases(offlineSchema),
      { path: 'workRequest', value: 'not-hex' },
      { path: 'workRequest', value: '' },
      { path: 'workRequest', value: fx.translationId },
      { path: 'workRequest', value: 'f'.repeat(24) },
    ],
  },
  {
    route: 'PUT /shares/{id}',
    method: 'PUT',
    path: () => `/api/shares/${fx.shareId}`,
    as: ADMIN,
    base: () => ({ notes: 'shared' }),
    fields: () => fieldCases(shareSchema),
    record: () => `/api/shares/${fx.shareId}`,
    withId: (id) => `/api/shares/${id}`,
  },
  {
    route: 'PUT /assets/{id}',
    method: 'PUT',
    path: () => `/api/assets/${fx.assetId}`,
    as: ADMIN,
    base: () => ({ verified: true }),
    fields: () => fieldCases(assetSchema),
    record: () => `/api/assets/${fx.assetId}`,
    withId: (id) => `/api/assets/${id}`,
  },
  {
    route: 'PUT /previews/{id}',
    method: 'PUT',
    path: () => `/api/previews/${fx.previewId}`,
    as: ADMIN,
    base: () => ({ label: 'Preview' }),
    fields: () => fieldCases(previewSchema),
    record: () => `/api/previews/${fx.previewId}`,
    withId: (id) => `/api/previews/${id}`,
  },
  {
    route: 'PUT /files/{id}',
    method: 'PUT',
    path: () => `/api/files/${fx.fileId}`,
    as: ADMIN,
    base: () => ({ verified: true }),
    fields: () => fieldCases(fileSchema),
    record: () => `/api/files/${fx.fileId}`,
    withId: (id) => `/api/files/${id}`,
  },
  {
    route: 'PUT /projects',
    method: 'PUT',
    path: () => '/api/projects',
    as: ADMIN,
    base: () => ({ _id: fx.projectId }),
    fields: () => [
      ...fieldCases(projectSchema, ['logo']),
      { path: 'name', value: 'n'.repeat(301) },
      { path: 'name', value: '  ' },
      { path: 'studio', value: fx.projectId },
      { path: 'studio', value: 'not-hex' },
    ],
    record: () => `/api/projects/${fx.projectId}`,
  },
  {
    route: 'PUT /studios',
    method: 'PUT',
    path: () => '/api/studios',
    as: ADMIN,
    base: () => ({ _id: fx.studioId }),
    fields: () => [
      ...fieldCases(studioSchema, ['logo', 'coordinator']),
      { path: 'name', value: 'n'.repeat(301) },
      { path: 'name', value: '' },
    ],
    record: () => `/api/studios/${fx.studioId}`,
  },
  {
    route: 'POST /languages',
    method: 'POST',
    path: () => '/api/languages',
    as: ADMIN,
    base: () => ({ name: 'Attackish', code: 'zz-attack' }),
    fields: () => [
      ...fieldCases(languageSchema),
      { path: 'name', value: 'n'.repeat(201) },
      { path: 'code', value: ' ' },
      { path: '_id', value: fx.languageId },
    ],
  },
  {
    route: 'PUT /territories',
    method: 'PUT',
    path: () => '/api/territories',
    as: ADMIN,
    base: () => ({ _id: fx.territoryId }),
    fields: () => [...fieldCases(territorySchema), { path: 'name', value: 'n'.repeat(201) }],
    record: () => `/api/territories/${fx.territoryId}`,
  },
  {
    route: 'PUT /notifications',
    method: 'PUT',
    path: () => '/api/notifications',
    as: ADMIN,
    base: () => ({ _id: fx.notificationId }),
    fields: () => fieldCases(notificationSchema),
  },
  {
    route: 'POST /notifications/markRead',
    method: 'POST',
    path: () => '/api/notifications/markRead',
    as: ADMIN,
    base: () => ({ q: 'attack suite: matches nothing' }),
    fields: () => [
      ...listedFieldCases({ q: { type: 'string' }, type: { type: 'string' } }),
      { path: 'q', value: 'q'.repeat(201) },
    ],
    emptyIsValid: true,
  },
  {
    route: 'POST /invitations/{code}',
    method: 'POST',
    path: () => `/api/invitations/${fx.invitationCode}`,
    as: null,
    base: () => ({ name: 'Invited Person', password: 'long-enough-password' }),
    fields: () => [
      ...listedFieldCases({ name: { type: 'string' }, password: { type: 'string' } }),
      { path: 'name', value: '   ' },
      { path: 'name', value: 'n'.repeat(201) },
      { path: 'password', value: 'short' },
      { path: 'password', value: 'p'.repeat(201) },
    ],
  },
];

/** The body with one field replaced (a dotted path names a field one level down, as fieldCases builds it). */
function spoil(base: Record<string, unknown>, c: FieldCase): Record<string, unknown> {
  const top = c.path.split('.')[0] ?? c.path;
  return { ...base, [top]: c.value };
}

// ---------------------------------------------------------------------------------------------------------------
// Running a case: fingerprint before, the request, then the checks.

async function send(
  route: WriteRoute,
  body: BodyCase,
  options: { path?: string; headers?: Record<string, string> } = {},
): Promise<Call> {
  return call(server, route.method, options.path ?? route.path(), {
    as: route.as,
    raw: body.raw,
    headers: { ...body.headers, ...options.headers },
  });
}

/**
 * A record as read, for comparing: its ETag and its JSON text, where signed links (a preview's `path`) read as
 * `expires=…&sig=…` (with the person and issue between): they are signed afresh at each read, valid for a while from now, so they change with the clock's
 * second, not with the record (that made this check fail whenever a second passed between the two reads).
 */
async function readRecord(path: string | undefined): Promise<{ etag: string | null; body: string } | undefined> {
  if (!path) return undefined;
  const res = await call(server, 'GET', path, { as: ADMIN });
  const body = JSON.stringify(res.body).replace(/expires=\d+&[^"]*?sig=[0-9a-f]+/g, 'expires=…&sig=…');
  return { etag: res.headers.get('etag'), body };
}

/** Failures of one route, collected so that one test names every case that went wrong. */
type Problems = string[];

function checkRefusal(problems: Problems, label: string, res: Call): void {
  if (res.status < 400 || res.status >= 500) {
    problems.push(`${label}: expected a 4xx, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
    return;
  }
  const error = (res.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string' || error.message === '') {
    problems.push(`${label}: ${res.status} without the JSON error shape: ${JSON.stringify(res.body)?.slice(0, 200)}`);
  }
  if (!res.headers.get('content-type')?.startsWith('application/json')) {
    problems.push(`${label}: ${res.status} error is ${res.headers.get('content-type')}, not JSON`);
  }
}

/** Runs `attempt`, expecting a refusal that leaves the database and the route's record as they were. */
async function expectRefusedUnchanged(
  problems: Problems,
  route: WriteRoute,
  label: string,
  attempt: () => Promise<Call>,
): Promise<void> {
  const before = await db.fingerprint();
  const recordBefore = await readRecord(route.record?.());
  const res = await attempt();
  checkRefusal(problems, label, res);
  const after = await db.fingerprint();
  const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
  if (changed.length)
    problems.push(
      `${label}: answered ${res.status} but wrote ${changed.map((t) => `${t} (${before[t]} -> ${after[t]})`).join(', ')}`,
    );
  const recordAfter = await readRecord(route.record?.());
  if (
    recordBefore &&
    recordAfter &&
    (recordBefore.etag !== recordAfter.etag || recordBefore.body !== recordAfter.body)
  ) {
    problems.push(`${label}: the record changed (ETag ${recordBefore.etag} -> ${recordAfter.etag})`);
  }
}

/** Runs `attempt` on a body a route may accept or refuse: never a 5xx, and a refusal writes nothing. */
async function expectNoServerError(problems: Problems, label: string, attempt: () => Promise<Call>): Promise<Call> {
  const before = await db.fingerprint();
  const res = await attempt();
  if (res.status >= 500) problems.push(`${label}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
  if (res.status >= 400) {
    checkRefusal(problems, label, res);
    const after = await db.fingerprint();
    if (Object.keys(after).some((t) => after[t] !== before[t]))
      problems.push(`${label}: refused with ${res.status} but wrote`);
  }
  return res;
}

// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  server = await startServer();
  db = await openDatabaseReader(server);
  const first = async (path: string, as: Account = ADMIN) => {
    const res = await call(server, 'GET', path, { as });
    expect(res.status, path).toBe(200);
    expect(res.body.length, `${path} is empty`).toBeGreaterThan(0);
    return res.body[0];
  };
  const me = (await call(server, 'GET', '/api/users/me', { as: ADMIN })).body;
  const translator = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
  const coordinator = (await call(server, 'GET', '/api/users/me', { as: DEMO.coordinator })).body;
  const users = (await call(server, 'GET', '/api/users', { as: ADMIN, headers: { 'X-Range': 'resources=0-99' } }))
    .body as { _id: string; emailNormal?: string }[];
  const other = users.find(
    (u) => ![me._id, translator._id, coordinator._id].includes(u._id) && u.emailNormal !== 'invited.attack@mws.test',
  );
  const wr = await first('/api/workrequests');
  const asset = await first('/api/assets/countByProject');
  const comment = await call(server, 'POST', '/api/comments', {
    as: ADMIN,
    body: { workRequest: wr._id, body: 'the attack suite was here' },
  });
  expect(comment.status).toBe(200);
  // A comment by someone else notifies the admin (requester or coordinator of some work request): the admin's own
  // notification is the target of PUT /notifications.
  let notifications = (await call(server, 'GET', '/api/notifications', { as: ADMIN })).body;
  if (!notifications.length) {
    await call(server, 'PUT', `/api/workrequests/${wr._id}`, {
      as: DEMO.coordinator,
      body: { status: 'in-progress', reason: 'for the attack suite' },
    });
    notifications = (await call(server, 'GET', '/api/notifications', { as: ADMIN })).body;
  }
  expect(notifications.length, 'the admin has a notification').toBeGreaterThan(0);
  const invited = await call(server, 'PUT', '/api/users', {
    as: ADMIN,
    body: { emailNormal: 'invited.attack@mws.test', name: 'Invited' },
  });
  expect(invited.status).toBe(200);
  const preview = await first(`/api/previews?asset=${asset._id}`);
  fx = {
    adminId: me._id,
    translatorId: translator._id,
    coordinatorId: coordinator._id,
    otherUserId: other!._id,
    workRequestId: wr._id,
    translationId: wr.translation._id,
    commentId: comment.body._id,
    shareId: (await first('/api/shares'))._id,
    assetId: asset._id,
    previewId: preview._id,
    fileId: (await first(`/api/files?asset=${asset._id}`))._id,
    projectId: (await first('/api/projects'))._id,
    studioId: (await first('/api/studios'))._id,
    languageId: (await first('/api/languages'))._id,
    territoryId: (await first('/api/territories'))._id,
    notificationId: notifications[0]._id,
    invitationCode: invited.body.inviteCode,
  };
});

afterAll(async () => {
  await db?.close();
  await server?.stop();
});

describe.each(ROUTES)('$route refuses bad bodies and changes nothing', (route) => {
  it('refuses malformed, deep, poisoned, oversize and non-JSON bodies', async () => {
    const problems: Problems = [];
    for (const body of MALFORMED) await expectRefusedUnchanged(problems, route, body.name, () => send(route, body));
    expect(problems).toEqual([]);
  });

  it(
    route.bodyIgnored
      ? 'takes JSON that is not an object without a 5xx'
      : 'refuses JSON that is not an object, and an empty body',
    async () => {
      const problems: Problems = [];
      const cases = [...NOT_AN_OBJECT, ...(route.emptyIsValid ? [] : [EMPTY])];
      for (const body of cases) {
        if (route.bodyIgnored) await expectNoServerError(problems, body.name, () => send(route, body));
        else await expectRefusedUnchanged(problems, route, body.name, () => send(route, body));
      }
      expect(problems).toEqual([]);
    },
  );
});

describe.each(ROUTES.filter((r) => !r.bodyIgnored))('$route refuses a wrong field', (route) => {
  it('refuses a wrong type or value in each field, changing nothing', async () => {
    const problems: Problems = [];
    for (const c of route.fields()) {
      const body = json(`${c.path} = ${toJson(c.value).slice(0, 40)}`, spoil(route.base(), c));
      await expectRefusedUnchanged(problems, route, body.name, () => send(route, body));
    }
    expect(problems).toEqual([]);
  });
});

describe.each(ROUTES.filter((r) => r.withId))('$route with a bad id in the path', (route) => {
  it('answers 404 for ids that are not hex, unknown, or of another collection, changing nothing', async () => {
    const problems: Problems = [];
    const body = json('a valid body', route.base());
    // Ids of the wrong form, unknown, and of other collections (projects and languages have no route here).
    const ids = [
      'not-hex',
      'ZZZZZZZZZZZZZZZZZZZZZZZZ',
      '0'.repeat(24),
      'f'.repeat(25),
      '%00',
      '%zz',
      '%E0%A4%A',
      '..%2F..%2Fetc%2Fpasswd',
      'a'.repeat(101),
      'a'.repeat(5000),
      fx.projectId,
      fx.languageId,
    ];
    for (const id of ids) {
      await expectRefusedUnchanged(problems, route, `id ${id}`, () => send(route, body, { path: route.withId!(id) }));
    }
    expect(problems).toEqual([]);
  });
});

describe.each(ROUTES.filter((r) => r.record && r.method === 'PUT'))('$route with a bad If-Match', (route) => {
  it('refuses a stale or garbage If-Match, changing nothing', async () => {
    const problems: Problems = [];
    const body = json('a valid body', route.base());
    const target = route.record!().split('/').pop()!;
    const other = 'a'.repeat(24);
    const garbage = [
      'garbage',
      'W/"',
      `W/"${target}-"`,
      `W/"${target}-0"`,
      `W/"${target}-99999999999999999999"`,
      `W/"${target}-1e3"`,
      `"${other}-1"`,
      `W/"${target}-1", W/"${target}-2"`,
      'x'.repeat(8000),
    ];
    for (const ifMatch of garbage) {
      await expectRefusedUnchanged(problems, route, `If-Match ${ifMatch.slice(0, 40)}`, () =>
        send(route, body, { headers: { 'If-Match': ifMatch } }),
      );
    }
    expect(problems).toEqual([]);
  });
});

describe('odd but well-formed text', () => {
  const ODD: Record<string, string> = {
    'a lone high surrogate': 'a\ud800b',
    'a lone low surrogate': 'a\udc00b',
    'a NUL byte': 'a\u0000b',
    'an RTL override': 'abc\u202edcba',
    'zero-width joiners and a BOM': '\ufeffa\u200db\u200c',
    'astral characters': '𝕏 🏳️‍🌈 𓀀',
    'combining marks': 'e\u0301\u0301\u0301',
    'a huge field below the body limit': 'h'.repeat(900 * 1024),
  };

  it.each(Object.entries(ODD))('%s in a name is refused cleanly or stored exactly', async (_what, value) => {
    const problems: Problems = [];
    const created = await call(server, 'PUT', '/api/territories', {
      as: ADMIN,
      body: { name: `ODD-${Math.random().toString(36).slice(2)}` },
    });
    expect(created.status).toBe(200);
    const res = await expectNoServerError(problems, 'name', () =>
      call(server, 'PUT', '/api/territories', { as: ADMIN, body: { _id: created.body._id, name: value } }),
    );
    if (res.status === 200) {
      const read = await call(server, 'GET', `/api/territories/${created.body._id}`, { as: ADMIN });
      expect(read.body.name).toBe(value.trim());
    }
    // Unknown fields are kept as given (docs/API.md): the same text in one must come back unchanged.
    const kept = await expectNoServerError(problems, 'unknown field', () =>
      call(server, 'PUT', '/api/territories', { as: ADMIN, body: { _id: created.body._id, note: value } }),
    );
    if (kept.status === 200) {
      const read = await call(server, 'GET', `/api/territories/${created.body._id}`, { as: ADMIN });
      expect(read.body.note).toBe(value);
    }
    expect(problems).toEqual([]);
  });

  it('a right-to-left override in a comment is kept (it is text, not markup)', async () => {
    const body = 'attack \u202eevil.exe\u202c suite';
    const res = await call(server, 'POST', '/api/comments', {
      as: ADMIN,
      body: { workRequest: fx.workRequestId, body },
    });
    expect(res.status).toBe(200);
    expect(res.body.body).toBe(body);
  });

  it('-0 as a number is stored as 0, and numbers beyond the double range are refused', async () => {
    const create = await call(server, 'POST', '/api/languages', {
      as: ADMIN,
      body: { name: 'Negative zero', code: 'zz-neg0', translationFonts: [{ face: 'A', size: -0 }] },
    });
    expect(create.status).toBe(200);
    expect(Object.is(create.body.translationFonts[0].size, -0)).toBe(false);
    const problems: Problems = [];
    const route = ROUTES.find((r) => r.route === 'POST /languages')!;
    await expectRefusedUnchanged(problems, route, 'size 1e309', () =>
      send(route, text('1e309', '{"name":"Big","code":"zz-big","translationFonts":[{"face":"A","size":1e309}]}')),
    );
    await expectRefusedUnchanged(problems, route, 'size -1e309', () =>
      send(route, text('-1e309', '{"name":"Big","code":"zz-big","translationFonts":[{"face":"A","size":-1e309}]}')),
    );
    expect(problems).toEqual([]);
  });
});

describe('server-owned fields cannot be written through a body', () => {
  // Accepted-and-ignored or refused are both fine (docs/API.md decides which); what must hold is that the stored
  // value is the server's. Read from the database: the API never sends some of them (passwordHash).
  const cases: {
    route: string;
    path: () => string;
    collection: Collection;
    id: () => string;
    body: () => Record<string, unknown>;
    as: Account;
    fields: string[];
  }[] = [
    {
      route: 'PUT /users/{id} (own record)',
      path: () => `/api/users/${fx.translatorId}`,
      collection: 'Users',
      id: () => fx.translatorId,
      as: DEMO.translator,
      body: () => ({ passwordHash: 'scrypt$0$0$attacker', groups: [], status: { approved: false } }),
      fields: ['passwordHash', 'groups', 'status'],
    },
    {
      route: 'PUT /users/{id}',
      path: () => `/api/users/${fx.otherUserId}`,
      collection: 'Users',
      id: () => fx.otherUserId,
      as: ADMIN,
      body: () => ({ passwordHash: 'scrypt$0$0$attacker', inviteCode: 'x', inviteExpires: 1 }),
      fields: ['passwordHash', 'inviteCode', 'inviteExpires'],
    },
    {
      route: 'PUT /users',
      path: () => '/api/users',
      collection: 'Users',
      id: () => fx.coordinatorId,
      as: ADMIN,
      body: () => ({ _id: fx.coordinatorId, passwordHash: 'scrypt$0$0$attacker' }),
      fields: ['passwordHash'],
    },
    {
      route: 'PUT /translations/{id}',
      path: () => `/api/translations/${fx.translationId}`,
      collection: 'Translations',
      id: () => fx.translationId,
      as: ADMIN,
      body: () => ({ lineCount: 99999, translatedCount: 99999 }),
      fields: ['lineCount', 'translatedCount'],
    },
    {
      route: 'PUT /comments/{id}',
      path: () => `/api/comments/${fx.commentId}`,
      collection: 'Comments',
      id: () => fx.commentId,
      as: ADMIN,
      body: () => ({ user: { _id: fx.translatorId, name: 'Someone else' }, workRequest: fx.translationId }),
      fields: ['user', 'workRequest'],
    },
    {
      route: 'PUT /shares/{id}',
      path: () => `/api/shares/${fx.shareId}`,
      collection: 'Shares',
      id: () => fx.shareId,
      as: ADMIN,
      body: () => ({ from: { _id: fx.translatorId, name: 'Forged' } }),
      fields: ['from'],
    },
    {
      route: 'PUT /workrequests/{id}',
      path: () => `/api/workrequests/${fx.workRequestId}`,
      collection: 'Workrequests',
      id: () => fx.workRequestId,
      as: ADMIN,
      body: () => ({
        status: 'in-progress',
        reason: 'attack suite',
        asset: { name: 'forged' },
        translation: fx.commentId,
        project: null,
      }),
      fields: ['asset', 'translation', 'project'],
    },
    {
      route: 'PUT /previews/{id}',
      path: () => `/api/previews/${fx.previewId}`,
      collection: 'Previews',
      id: () => fx.previewId,
      as: ADMIN,
      body: () => ({ path: 'javascript:alert(1)' }),
      fields: ['path'],
    },
    {
      route: 'PUT /notifications',
      path: () => '/api/notifications',
      collection: 'Notifications',
      id: () => fx.notificationId,
      as: ADMIN,
      body: () => ({ _id: fx.notificationId, to: fx.translatorId, title: 'forged', type: 'forged' }),
      fields: ['to', 'title', 'type'],
    },
  ];

  it.each(cases)('$route: $fields', async (c) => {
    const before = (await db.storedRecord(c.collection, c.id()))!;
    const res = await call(server, 'PUT', c.path(), { as: c.as, body: c.body() });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(res.status, 'signed in').not.toBe(401);
    const after = (await db.storedRecord(c.collection, c.id()))!;
    for (const field of c.fields) expect(after.doc[field], field).toEqual(before.doc[field]);
  });

  it('the translator and the coordinator still sign in with their passwords after all of the above', async () => {
    expect((await call(server, 'POST', '/api/session', { as: DEMO.translator })).status).toBe(200);
    expect((await call(server, 'POST', '/api/session', { as: DEMO.coordinator })).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Query parameters and X-Range of every list route.

/**
 * Every list of the interface, from its description (GET /api/openapi.json: a read that declares X-Range), with the
 * query parameters it declares and `q`, which a list that declares none must ignore. A list under a record
 * (`/assets/{id}/downloads`) or scoped to one (`?workRequest=`) gets a real one, so its filters are reached.
 */
const PARENTS: Record<string, () => string> = {
  assets: () => fx.assetId,
  workRequest: () => fx.workRequestId,
  asset: () => fx.assetId,
};
const LISTS = operations(await interfaceDescription())
  .filter((o) => o.method === 'GET' && !o.isPublic && parameterNames(o.operation, 'header').includes('x-range'))
  .map(({ path: described, operation }) => {
    const params = parameterNames(operation, 'query');
    const scoped = params.filter((p) => p in PARENTS && ['workRequest', 'asset'].includes(p));
    return {
      label: described,
      path: () => {
        const parent = /^\/api\/(\w+)\/\{id\}\//.exec(described)?.[1];
        if (parent && !PARENTS[parent]) throw new Error(`${described}: no fixture for the ${parent} record`);
        return pathFor(described, parent ? { id: PARENTS[parent]!() } : {});
      },
      params: [...new Set([...params, 'q'])],
      fixed: scoped.length ? () => scoped.map((p) => `${p}=${PARENTS[p]!()}`).join('&') : undefined,
    };
  });

const INJECTIONS = [
  "'",
  '"',
  '%',
  '_',
  '\\',
  '--',
  '/*',
  '*/',
  ';',
  "' OR '1'='1",
  '1; DROP TABLE Workrequests; --',
  "' UNION SELECT doc FROM Users --",
  'SELECT',
  'NULL',
  "json_extract(doc, '$.passwordHash')",
  '" * NEAR ( ) : ^ -',
  '*',
  'NEAR(a b)',
  'a OR b',
  'a AND NOT b',
  '^a',
  '-a',
  'name:x',
  '(',
  ')',
  '"unterminated',
  '$where',
  '{"$gt":""}',
  // Names every JavaScript object answers to: a value looked up in a plain object finds them (a sort key did: 500).
  'constructor',
  'toString',
  'valueOf',
  '__proto__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  'toLocaleString',
  '[object Object]',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e',
  '🏳️‍🌈',
  'x'.repeat(5000),
];

function queryStrings(param: string): string[] {
  return [
    ...INJECTIONS.map((v) => `${param}=${encodeURIComponent(v)}`),
    `${param}=%ED%A0%80`, // a lone surrogate, UTF-8 encoded as if it were a character
    `${param}=a&${param}=b&${param}=c`,
    `${param}[]=a`,
    `${param}[]=a&${param}[]=b`,
    `${param}[$gt]=`,
    `${param}`,
    `${param}=`,
    `${param}=%`,
    `${param}=%zz`,
    `${param}=%C0%AF`,
    `${param}=%FF%FE`,
  ];
}

describe.each(LISTS)('GET $label with hostile query parameters', (list) => {
  it('answers 200 with a list, or a clear 400 (or 404: a parameter naming a record), never a 5xx', async () => {
    const problems: string[] = [];
    const before = await db.fingerprint();
    for (const param of list.params) {
      const queries = queryStrings(param).map((q) => (list.fixed ? `${list.fixed()}&${q}` : q));
      const answers = await Promise.all(
        queries.map(async (q) => ({ q, res: await call(server, 'GET', `${list.path()}?${q}`, { as: ADMIN }) })),
      );
      for (const { q, res } of answers) {
        const label = `?${q.slice(0, 60)}`;
        if (res.status === 200) {
          if (!Array.isArray(res.body)) problems.push(`${label}: 200 without a list`);
          else if (!/^resources (\d+-\d+|\*)\/\d+$/.test(res.headers.get('content-range') ?? ''))
            problems.push(`${label}: Content-Range ${res.headers.get('content-range')}`);
        } else if (res.status === 400 || (res.status === 404 && res.body?.error?.code === 'not_found')) {
          checkRefusal(problems, label, res);
        } else {
          problems.push(`${label}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
        }
      }
    }
    expect(await db.fingerprint()).toEqual(before);
    expect(problems).toEqual([]);
  });

  it('refuses a garbage X-Range with 400', async () => {
    const problems: string[] = [];
    const ranges = [
      'garbage',
      'resources=',
      'resources=a-b',
      'resources=5-1',
      'resources=-1-5',
      'resources=0-9999999999',
      'resources=1e3-2e3',
      'items=0-9',
      'resources=0-9,20-29',
      'resources=0x0-0x9',
      `resources=${'9'.repeat(400)}-${'9'.repeat(401)}`,
    ];
    const path = list.fixed ? `${list.path()}?${list.fixed()}` : list.path();
    for (const range of ranges) {
      const res = await call(server, 'GET', path, { as: ADMIN, headers: { 'X-Range': range } });
      if (res.status !== 400) problems.push(`X-Range ${range.slice(0, 40)}: ${res.status}`);
      else checkRefusal(problems, `X-Range ${range.slice(0, 40)}`, res);
    }
    expect(problems).toEqual([]);
  });
});

describe('routes whose credential is in the URL take garbage', () => {
  it('signed links and invitation codes: a 4xx, never a 5xx, nothing written', async () => {
    const hex = 'a'.repeat(24);
    const sig = '0'.repeat(64);
    const paths = [
      ...[`/api/offlines/${hex}/download`, `/api/previews/${fx.previewId}/view`].flatMap((p) => [
        p,
        `${p}?expires=x&sig=y`,
        `${p}?expires=1e400&sig=${sig}`,
        `${p}?expires=-1&sig=${sig}`,
        `${p}?expires[]=1&sig[]=${sig}`,
        `${p}?expires=99999999999&sig=${sig.toUpperCase()}`,
        `${p}?expires=99999999999&sig=${sig}&sig=${sig}`,
        `${p}?expires=%00&sig=%00`,
        // The person a link is made for (docs/API.md "Signed links"): malformed, repeated, or an unknown one.
        `${p}?expires=99999999999&user=${hex}&link=${'0'.repeat(16)}&sig=${sig}`,
        `${p}?expires=99999999999&user=../../users&link=x&sig=${sig}`,
        `${p}?expires=99999999999&user[]=${hex}&link[]=1&sig=${sig}`,
        `${p}?expires=99999999999&user=${hex}&user=${hex}&link=${'0'.repeat(16)}&sig=${sig}`,
        `${p}?expires=99999999999&user=${hex}&link=${'0'.repeat(16)}&use=admin&sig=${sig}`,
        `${p}?expires=99999999999&user=%00&link=%00&sig=${sig}`,
      ]),
      `/api/offlines/not-hex/download?expires=1&sig=${sig}`,
      `/api/invitations/${'x'.repeat(5000)}`,
      '/api/invitations/%00',
      '/api/invitations/..%2F..%2Fusers',
      `/api/invitations/${fx.adminId}.${'0'.repeat(32)}`,
      `/api/invitations/${fx.adminId}`,
      `/api/invitations/${fx.invitationCode}x`,
      `/api/invitations/${fx.invitationCode.toUpperCase()}`,
      "/api/invitations/'%20OR%20'1'='1",
    ];
    const problems: Problems = [];
    const before = await db.fingerprint();
    for (const path of paths) {
      const res = await call(server, 'GET', path, { as: null });
      checkRefusal(problems, `GET ${path.slice(0, 80)}`, res);
    }
    for (const path of paths.filter((p) => p.startsWith('/api/invitations/'))) {
      const res = await call(server, 'POST', path, {
        as: null,
        body: { name: 'Nobody', password: 'long-enough-password' },
      });
      checkRefusal(problems, `POST ${path.slice(0, 80)}`, res);
    }
    expect(await db.fingerprint()).toEqual(before);
    expect(problems).toEqual([]);
  });
});

describe('methods the interface does not have', () => {
  it('DELETE and PATCH on every write route are a JSON 404 and write nothing', async () => {
    const problems: Problems = [];
    const before = await db.fingerprint();
    for (const route of ROUTES) {
      for (const method of ['DELETE', 'PATCH']) {
        const res = await call(server, method, route.path(), { as: ADMIN, body: route.base() });
        if (res.status !== 404 && res.status !== 405) problems.push(`${method} ${route.route}: ${res.status}`);
        else checkRefusal(problems, `${method} ${route.route}`, res);
      }
    }
    expect(await db.fingerprint()).toEqual(before);
    expect(problems).toEqual([]);
  });
});

// Last in the file: failed sign-ins may be rate-limited, which must not hold up the cases above.
describe('credentials that are not credentials', () => {
  it.each([
    ['no scheme', 'abc'],
    ['Basic without a colon', `Basic ${Buffer.from('nocolon').toString('base64')}`],
    ['Basic not base64', 'Basic !!!!'],
    ['Basic empty', 'Basic '],
    ['a huge header', `Basic ${'A'.repeat(7000)}`],
    ['NUL in the username', `Basic ${Buffer.from('admin@mws.test\u0000:admin-demo').toString('base64')}`],
    ['SQL in the username', `Basic ${Buffer.from("' OR 1=1 --:x").toString('base64')}`],
  ])('%s is refused (401, or 429 once sign-in failures are limited)', async (_what, header) => {
    const res = await call(server, 'GET', '/api/users/me', { as: null, headers: { Authorization: header } });
    const problems: Problems = [];
    checkRefusal(problems, 'Authorization', res);
    expect(problems).toEqual([]);
    expect([401, 429]).toContain(res.status);
  });

  it('the right password of another case of the username still signs in only that user', async () => {
    const res = await call(server, 'GET', '/api/users/me', {
      as: null,
      headers: { Authorization: basic({ username: 'ADMIN@MWS.TEST', password: 'admin-demo' }) },
    });
    expect([200, 401, 429]).toContain(res.status);
    if (res.status === 200) expect(res.body.emailNormal).toBe('admin@mws.test');
  });
});
