import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import { COLLECTIONS, type Collection, type Doc } from '../storage/store';
import { verifyPassword } from '../domain/passwords';
import {
  workRequest,
  eventWorkRequest as eventWorkRequestSchema,
  WORK_REQUEST_STATUSES,
  RECIPIENT_KEYS,
} from '../../src/api/schema/workRequest';
import { translation, TIMECODE } from '../../src/api/schema/translation';
import { user, group, MAIL_PREFERENCE_KEYS } from '../../src/api/schema/user';
import { asset } from '../../src/api/schema/asset';
import { preview } from '../../src/api/schema/preview';
import { file } from '../../src/api/schema/file';
import { comment } from '../../src/api/schema/comment';
import { project } from '../../src/api/schema/project';
import { studio } from '../../src/api/schema/studio';
import { language } from '../../src/api/schema/language';
import { territory } from '../../src/api/schema/territory';
import { share } from '../../src/api/schema/share';
import { ACCESS_FLAGS } from '../../src/api/schema/permission';
import { event, EVENT_TYPES } from '../../src/api/schema/event';
import { notification } from '../../src/api/schema/notification';
import { ASSET_USAGE_KEYS, WORK_REQUEST_USAGE_KEYS } from '../../src/api/schema/usage';
import {
  AUTOMATION_SAMPLED,
  CLOSED_STATUSES,
  DAY,
  DEMO_ACCOUNTS,
  DEMO_COUNTS,
  DEMO_NOW,
  DEMO_PASSWORD,
  DEMO_SEED,
  WORK_REQUEST_STATUS_COUNTS,
  buildDemo,
  isEmpty,
  seedDemo,
  type SeedSummary,
} from './demo';
import { seedLarge, BENCH_ASSET_1500, BENCH_ASSET_3000 } from './large';
import { parseCliArgs } from './cli';
import { TIME_ZONES, TERRITORIES } from './vocab';
import { wamTitle, wrStatusTitle, embargoTitle, shareTitle } from '../domain/titles';
import { mulberry32 } from './random';
import { CLIP_TAIL, DEMO_CLIPS, clipAsset } from './demoMedia';
import { FEATURE_LINES, FEATURE_NAME, FEATURE_SECONDS } from './feature';
import { DEMO_MEDIA_ROOT, mediaPath, type StoredMedia } from '../domain/media';
import fs from 'node:fs';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- stored documents of every collection, read field by field

async function all(store: SqliteStore, c: Collection): Promise<Rec[]> {
  return (await store.list(c, { offset: 0, limit: 1_000_000, sort: { field: '_id', dir: 'asc' } })).items;
}

function expectParses(schema: z.core.$ZodType, docs: unknown[], label: string): void {
  const problems: string[] = [];
  for (const d of docs) {
    const r = z.safeParse(schema, d);
    if (!r.success) problems.push(`${label} ${(d as Rec)._id}: ${JSON.stringify(r.error.issues.slice(0, 3))}`);
  }
  expect(problems.slice(0, 5)).toEqual([]);
}

/** The embedded form of a translation inside a work request. */
function embedded(t: Rec | undefined): Rec | undefined {
  if (!t) return undefined;
  const { asset: _a, workRequest: _w, created: _c, ...rest } = t;
  return rest;
}

describe('demo seed', () => {
  let store: SqliteStore;
  let summary: SeedSummary;
  const docs = {} as Record<Collection, Rec[]>;
  const byId = {} as Record<Collection, Map<string, Rec>>;

  beforeAll(async () => {
    store = new SqliteStore(':memory:');
    expect(await isEmpty(store)).toBe(true);
    summary = await seedDemo(store);
    for (const c of COLLECTIONS) {
      docs[c] = await all(store, c);
      byId[c] = new Map(docs[c].map((d) => [d._id as string, d]));
    }
  });
  afterAll(() => store.close());

  it('gives the documented counts', async () => {
    expect(await isEmpty(store)).toBe(false);
    for (const [c, n] of Object.entries(DEMO_COUNTS)) expect(await store.count(c as Collection), c).toBe(n);
    for (const c of COLLECTIONS) expect(summary.counts[c], c).toBe(await store.count(c));
    const assets = DEMO_COUNTS.Assets;
    expect(await store.count('Previews')).toBeGreaterThanOrEqual(assets);
    expect(await store.count('Previews')).toBeLessThanOrEqual(assets * 3);
    expect(await store.count('Files')).toBeGreaterThanOrEqual(assets * 2 + 8);
    expect(await store.count('Files')).toBeLessThanOrEqual(assets * 5 + 8);
    expect(await store.count('Translations')).toBeGreaterThan(DEMO_COUNTS.Workrequests + assets);
    expect(await store.count('Events')).toBeGreaterThan(50);
    expect(await store.count('Offlines')).toBe(0);
    expect(summary.accounts.map((a) => a.username)).toEqual(DEMO_ACCOUNTS.map((a) => a.username));
  });

  it('has every work request status in the documented numbers', async () => {
    // The 400 of WORK_REQUEST_STATUS_COUNTS and the feature's (feature.ts), in progress.
    const expected: Record<string, number> = {
      ...WORK_REQUEST_STATUS_COUNTS,
      'in-progress': WORK_REQUEST_STATUS_COUNTS['in-progress']! + 1,
    };
    for (const s of WORK_REQUEST_STATUSES) {
      expect(await store.count('Workrequests', [{ field: 'status', op: 'eq', value: s }]), s).toBe(expected[s]);
    }
    expect(summary.statuses).toEqual(expected);
  });

  it('stores records that parse with the contract', () => {
    // Work requests: the stored document with its translations expanded to the embedded form.
    const wrs = docs.Workrequests.map((w) => ({
      ...w,
      translation: embedded(byId.Translations.get(w.translation)),
      graphicsTranslation: embedded(byId.Translations.get(w.graphicsTranslation)),
    }));
    expectParses(workRequest, wrs, 'Workrequests');
    expectParses(
      z.omit(workRequest, { translation: true, graphicsTranslation: true }),
      docs.Workrequests,
      'Workrequests (stored)',
    );
    expectParses(translation, docs.Translations, 'Translations');
    const users = docs.Users.map(({ passwordHash: _h, ...u }) => ({
      ...u,
      groups: u.groups.map((g: string) => byId.Groups.get(g)),
    }));
    expectParses(user, users, 'Users');
    expectParses(group, docs.Groups, 'Groups');
    expectParses(asset, docs.Assets, 'Assets');
    expectParses(preview, docs.Previews, 'Previews');
    expectParses(file, docs.Files, 'Files');
    expectParses(comment, docs.Comments, 'Comments');
    expectParses(project, docs.Projects, 'Projects');
    expectParses(studio, docs.Studios, 'Studios');
    expectParses(language, docs.Languages, 'Languages');
    expectParses(territory, docs.Territories, 'Territories');
    expectParses(share, docs.Shares, 'Shares');
    expectParses(event, docs.Events, 'Events');
    expectParses(notification, docs.Notifications, 'Notifications');
    expectParses(
      eventWorkRequestSchema,
      docs.Events.filter((e) => e.workRequest).map((e) => e.workRequest),
      'event.workRequest',
    );
  });

  it('uses the contract key sets and value conventions', () => {
    const territoryCodes = new Set(docs.Territories.map((t) => t.name));
    const languageCodes = new Set(docs.Languages.map((l) => l.code));
    expect(territoryCodes).toEqual(new Set(TERRITORIES.map((t) => t.code)));
    for (const u of docs.Users) {
      expect(Object.keys(u.preferences.mail).sort()).toEqual(['enabled', ...MAIL_PREFERENCE_KEYS].sort());
      for (const k of MAIL_PREFERENCE_KEYS) expect([0, 3600, 86400, 604800, -1]).toContain(u.preferences.mail[k]);
      expect(u.emailNormal).toBe(u.username.toLowerCase());
      expect(territoryCodes.has(u.territory.name)).toBe(true);
      expect(u.passwordHash).toMatch(/^scrypt\$/);
    }
    for (const a of docs.Assets) {
      expect(Object.keys(a.usage).sort()).toEqual([...ASSET_USAGE_KEYS].sort());
      expect(byId.Files.get(a.thumbnail)?.asset).toBe(a._id);
      if (a.mediaType === 'video') expect(byId.Translations.get(a.transcription.dialogue)?.language).toBe('en');
      else expect(a.transcription.dialogue).toBeUndefined();
      for (const p of a.previews) expect(byId.Previews.get(p._id)?.asset).toBe(a._id);
    }
    for (const w of docs.Workrequests) {
      expect(WORK_REQUEST_STATUSES).toContain(w.status);
      expect(Object.keys(w.asset.usage).sort()).toEqual([...WORK_REQUEST_USAGE_KEYS].sort());
      expect(w.aspectRatio).toMatch(/^\d+:\d+$/);
      expect(territoryCodes.has(w.territory)).toBe(true);
      expect(languageCodes.has(w.language)).toBe(true);
      expect(TERRITORIES.find((t) => t.code === w.territory)!.languages).toContain(w.language);
      expect(TIME_ZONES).toContain(w.due.tz);
      expect(TIME_ZONES).toContain(w.deliveryDeadline.tz);
      expect(['theatrical', 'home-entertainment', 'tv', 'digital']).toContain(w.assetCategory);
      for (const k of Object.keys(w.recipients)) expect(RECIPIENT_KEYS).toContain(k);
      expect(w.$statuses).toBeUndefined();
      // History: 1–5 entries, starts incomplete, ends in the status, dates in order.
      expect(w.history.length).toBeGreaterThanOrEqual(1);
      expect(w.history.length).toBeLessThanOrEqual(5);
      expect(w.history[0].status).toBe('incomplete');
      expect(w.history.at(-1).status).toBe(w.status);
      expect(w.reason).toBe(w.history.at(-1).reason);
      for (let i = 1; i < w.history.length; i++)
        expect(w.history[i].date).toBeGreaterThanOrEqual(w.history[i - 1].date);
      expect(w.due.date).toBeGreaterThan(w.created);
      expect(w.created).toBeLessThan(DEMO_NOW / 1000);
      // References.
      expect(byId.Assets.get(w.asset._id)?.project).toBe(w.project._id);
      expect(byId.Projects.get(w.project._id)?.studio).toBe(w.studio);
      expect(byId.Users.has(w.from._id)).toBe(true);
      expect(w.asset.thumbnail._id).toBe(byId.Assets.get(w.asset._id)?.thumbnail);
      for (const key of ['translation', 'graphicsTranslation']) {
        if (w[key] === undefined) continue;
        const t = byId.Translations.get(w[key]);
        expect(t, `${w._id} ${key}`).toBeDefined();
        expect(t!.workRequest).toBe(w._id);
        expect(t!.asset).toBe(w.asset._id);
        expect(t!.language).toBe(w.language);
        expect(t!.status).toBe(['for-review', 'approved', 'complete'].includes(w.status) ? 'submitted' : 'incomplete');
      }
      if (w.status === 'rejected') expect(w.rejections.length).toBeGreaterThan(0);
      if (w.status === 'awaiting-materials') expect(w.materials.some((m: Rec) => !m.complete)).toBe(true);
    }
    for (const s of docs.Shares) {
      const recipients = new Set(s.to.map((u: Rec) => u._id));
      expect(s.assetsCount).toBe(s.assets.length);
      for (const a of s.assets) expect(s.urls[a._id]).toBe(`/shares/${s._id}/assets/${a._id}`);
      for (const p of s.permissions) {
        expect(Object.keys(p.access).sort()).toEqual([...ACCESS_FLAGS, 'previews'].sort());
        expect(['watermarked', 'clean', 'none']).toContain(p.access.previews);
        expect(recipients.has(p.user)).toBe(true);
        expect(p.share).toBe(s._id);
        expect(p._id).toMatch(/^[0-9a-f]{24}$/);
      }
    }
    for (const e of docs.Events) expect(EVENT_TYPES).toContain(e.type);
    for (const n of docs.Notifications) {
      expect(byId.Users.has(n.to)).toBe(true);
      expect(n.from).not.toBe(n.to);
      expect(n.event.type).toBe(n.type);
      expect(byId.Events.has(n.event._id)).toBe(true);
    }
    for (const c of COLLECTIONS) for (const d of docs[c]) expect(d._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('makes plausible subtitle lines', () => {
    // Clip assets keep only the lines inside their clip (demoMedia.ts); the others as made.
    const clipAssets = new Set(DEMO_CLIPS.map((c) => clipAsset(docs as Record<Collection, Doc[]>, c)._id));
    const lengths = docs.Translations.filter((t) => !clipAssets.has(t.asset)).map((t) => t.lines.length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(FEATURE_LINES);
    // The feature's transcription and translation; the extended featurettes' 1,000–1,500.
    expect(lengths.filter((n) => n === FEATURE_LINES).length).toBe(2);
    expect(lengths.filter((n) => n >= 1000 && n <= 1500).length).toBeGreaterThanOrEqual(2);
    expect(lengths.filter((n) => n >= 40 && n <= 300).length).toBeGreaterThan(lengths.length / 2);
    let italic = 0;
    let long = 0;
    let empty = 0;
    const bad: string[] = [];
    for (const t of docs.Translations) {
      let previous = -1;
      for (const [i, l] of t.lines.entries()) {
        const ok =
          l.number === i + 1 &&
          TIMECODE.test(l.startTime) &&
          TIMECODE.test(l.stopTime) &&
          l.range[1] > l.range[0] &&
          l.range[0] >= previous &&
          l.startTime < l.stopTime;
        if (!ok) bad.push(`${t._id} line ${i + 1}`);
        previous = l.range[1];
        if (l.text.includes('<i>')) italic++;
        if (l.text.length > 90) long++;
        if (l.text === '') empty++;
      }
      if (t.language === 'en') expect(t.lines.every((l: Rec) => l.text !== '')).toBe(true);
      if (t.status === 'submitted') expect(t.lines.every((l: Rec) => l.text !== '')).toBe(true);
    }
    expect(bad.slice(0, 5)).toEqual([]);
    expect(italic).toBeGreaterThan(0);
    expect(long).toBeGreaterThan(0);
    expect(empty).toBeGreaterThan(0);
  });

  it('wires the committed media: clips on their assets’ newest previews, lines inside them, thumbnails on disk', () => {
    const typed = docs as Record<Collection, Doc[]>;
    for (const c of DEMO_CLIPS) {
      const a = clipAsset(typed, c);
      const previews = docs.Previews.filter((p) => p.asset === a._id);
      const withMedia = previews.filter((p) => p.media);
      expect(withMedia.map((p) => p.revision)).toEqual([`v${previews.length}`]);
      const media = withMedia[0]!.media as StoredMedia;
      expect(media.duration).toBe(c.seconds);
      for (const name of [media.file, media.poster, media.peaks]) {
        expect(fs.existsSync(mediaPath(DEMO_MEDIA_ROOT, name) ?? ''), name).toBe(true);
      }
      const translations = docs.Translations.filter((t) => t.asset === a._id);
      expect(translations.length).toBeGreaterThan(1);
      for (const t of translations) {
        expect(t.lines.length).toBeGreaterThan(3);
        expect(t.lines.every((l: Rec) => l.range[1] <= c.seconds - CLIP_TAIL)).toBe(true);
        expect(t.lineCount).toBe(t.lines.length);
      }
      for (const w of docs.Workrequests.filter((x) => x.asset._id === a._id)) {
        const t = byId.Translations.get(w.translation)!;
        expect(w.translationSummary.lineCount).toBe(t.lines.length);
      }
    }
    const thumbnails = docs.Files.filter((f) => f.tags.includes('thumbnail'));
    expect(thumbnails.length).toBe(docs.Assets.length);
    for (const f of thumbnails) expect(fs.existsSync(mediaPath(DEMO_MEDIA_ROOT, f.content) ?? ''), f.name).toBe(true);
  });

  it('has a 90-minute feature with a 3,000-line translation the demo translator has in progress, audio made later', () => {
    const a = docs.Assets.find((x) => x.name === FEATURE_NAME)!;
    const source = byId.Translations.get(a.transcription.dialogue)!;
    expect(source.lines.length).toBe(FEATURE_LINES);
    const last = source.lines.at(-1).range[1];
    expect(last).toBeLessThanOrEqual(FEATURE_SECONDS);
    expect(last).toBeGreaterThan(FEATURE_SECONDS - 600);
    const durations = source.lines.map((l: Rec) => l.range[1] - l.range[0]);
    expect(Math.min(...durations)).toBeGreaterThanOrEqual(0.7);
    expect(Math.max(...durations)).toBeLessThanOrEqual(7);
    const gaps = source.lines.slice(1).map((l: Rec, i: number) => l.range[0] - source.lines[i].range[1]);
    expect(Math.min(...gaps)).toBeGreaterThan(0);
    expect(gaps.filter((g: number) => g > 5).length).toBeGreaterThanOrEqual(20); // scenes without dialogue
    const wr = docs.Workrequests.find((w) => w.asset._id === a._id)!;
    expect(wr).toMatchObject({ status: 'in-progress', language: 'fr-FR', studio: a.studio });
    expect(wr.project._id).toBe(a.project);
    const t = byId.Translations.get(wr.translation)!;
    expect(t.translator._id).toBe(summary.accounts.find((x) => x.role === 'translator')!._id);
    expect(t.lines.map((l: Rec) => l.startTime)).toEqual(source.lines.map((l: Rec) => l.startTime));
    expect(wr.translationSummary).toMatchObject({ lineCount: FEATURE_LINES, _id: t._id });
    expect(t.translatedCount).toBeGreaterThan(1000);
    expect(t.translatedCount).toBeLessThan(FEATURE_LINES);
    const preview = docs.Previews.find((p) => p.asset === a._id)!;
    expect(preview.media).toEqual({
      synth: { transcription: source._id },
      mime: 'audio/wav',
      duration: FEATURE_SECONDS,
    });
    expect(byId.Files.get(a.thumbnail)?.content).toBeDefined();
  });

  it('delivers some orders after their due date, so the on-time figures mean something', () => {
    const complete = docs.Workrequests.filter((w) => w.status === 'complete' && w.due?.date);
    const late = complete.filter((w) => (w.history as Rec[]).at(-1)!.date > w.due.date);
    expect(late.length).toBeGreaterThanOrEqual(complete.length / 10);
    expect(late.length).toBeLessThanOrEqual(complete.length / 4);
    // The history stays in order: the late delivery is the last move.
    for (const w of late) {
      const dates = (w.history as Rec[]).map((h) => h.date as number);
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
    }
  });

  it('gives the demo accounts their share of the work', async () => {
    const [adminId, coordinatorId, translatorId] = summary.accounts.map((a) => a._id);
    const notifications = (to: string, read?: boolean) =>
      store.count('Notifications', [
        { field: 'to', op: 'eq', value: to },
        ...(read === undefined ? [] : [{ field: 'read', op: 'eq' as const, value: read }]),
      ]);
    expect(await notifications(coordinatorId!)).toBeGreaterThanOrEqual(55);
    expect(await notifications(coordinatorId!)).toBeLessThanOrEqual(70);
    expect(await notifications(coordinatorId!, false)).toBeGreaterThanOrEqual(12);
    expect(await notifications(coordinatorId!, false)).toBeLessThanOrEqual(18);
    expect(await notifications(translatorId!)).toBeGreaterThanOrEqual(18);
    expect(await notifications(translatorId!)).toBeLessThanOrEqual(25);
    expect(await notifications(adminId!)).toBeGreaterThanOrEqual(8);
    expect(await notifications(adminId!)).toBeLessThanOrEqual(14);
    const coordinatorTypes = new Set(docs.Notifications.filter((n) => n.to === coordinatorId).map((n) => n.type));
    expect(coordinatorTypes.size).toBeGreaterThanOrEqual(4);
    expect(
      await store.count('Translations', [{ field: 'translator', op: 'eq', value: translatorId! }]),
    ).toBeGreaterThanOrEqual(40);
    expect(summary.translatorWorkRequests).toBe(41); // 40 and the feature's
    const queue = docs.Workrequests.filter((w) => (w.auto || w.autosubs) && !CLOSED_STATUSES.includes(w.status));
    // The sampled ones less those approved (approved counts as closed); the demo data itself is unchanged.
    expect(queue.length).toBeGreaterThan(AUTOMATION_SAMPLED * 0.75);
    expect(queue.length).toBeLessThan(AUTOMATION_SAMPLED);
    expect(summary.automationQueue).toBe(queue.length);
  });

  it('titles wam notifications as docs/API.md says', () => {
    const wams = docs.Notifications.filter((n) => n.type === 'wam');
    expect(wams.length).toBeGreaterThan(0);
    for (const n of wams) {
      expect(n.title).toMatch(/^.+ \(.+\) marked .+ — [a-z]{2}-[A-Z0-9]+\/[A-Z]+ as awaiting materials$/);
      expect(n.emailSubject).toBe(n.title);
      expect(n.event.workRequest.status).toBe('awaiting-materials');
    }
  });

  it('carries the escaping test strings', () => {
    expect(docs.Workrequests.filter((w) => w.instructions.includes('<script>alert(1)</script>')).length).toBe(1);
    expect(docs.Workrequests.some((w) => /<b>|"|&/.test(w.instructions))).toBe(true);
    expect(docs.Comments.filter((c) => c.body.includes('<img src=x onerror=alert(1)>')).length).toBeGreaterThan(0);
  });

  it('signs in with the demo passwords', async () => {
    const byUsername = new Map(docs.Users.map((u) => [u.username, u]));
    for (const a of DEMO_ACCOUNTS) {
      const u = byUsername.get(a.username)!;
      expect(u.name).toBe(a.name);
      expect(await verifyPassword(a.password, u.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong-password', u.passwordHash)).toBe(false);
    }
    const other = docs.Users.find((u) => !DEMO_ACCOUNTS.some((a) => a.username === u.username))!;
    expect(await verifyPassword(DEMO_PASSWORD, other.passwordHash)).toBe(true);
    // One hash per distinct password.
    expect(new Set(docs.Users.map((u) => u.passwordHash)).size).toBe(4);
  });

  it('is deterministic', async () => {
    const second = new SqliteStore(':memory:');
    try {
      await seedDemo(second);
      for (const c of COLLECTIONS) {
        const strip = (d: Rec) => {
          const { passwordHash: _h, ...rest } = d;
          return rest;
        };
        expect((await all(second, c)).map(strip), c).toEqual(docs[c].map(strip));
      }
    } finally {
      await second.close();
    }
    await expect(seedDemo(store)).rejects.toThrow(/empty store/);
  });

  it('derives every timestamp from now', () => {
    const hashes = { x: 'scrypt$1$a$b' };
    const a = buildDemo(DEMO_NOW / 1000, DEMO_SEED, hashes);
    const b = buildDemo(DEMO_NOW / 1000 + 10 * DAY, DEMO_SEED, hashes);
    const shifted = (x: Doc[], y: Doc[]) => x.every((d, i) => y[i]!.created - d.created === 10 * DAY);
    for (const c of COLLECTIONS) expect(shifted(a.docs[c], b.docs[c]), c).toBe(true);
    a.docs.Workrequests.forEach((w, i) => {
      const v = b.docs.Workrequests[i] as Rec;
      expect(v.due.date - (w as Rec).due.date).toBe(10 * DAY);
    });
  });
});

describe('large seed', () => {
  it('adds 5,000 work requests on top of the demo set, with the benchmark translations', async () => {
    const store = new SqliteStore(':memory:');
    try {
      const s = await seedLarge(store, { workRequests: 5000, batchSize: 1000 });
      expect(s.demo?.counts.Workrequests).toBe(DEMO_COUNTS.Workrequests);
      expect(s.added).toBe(5000);
      expect(s.totalWorkRequests).toBe(DEMO_COUNTS.Workrequests + 5000);
      expect(await store.count('Workrequests')).toBe(DEMO_COUNTS.Workrequests + 5000);
      expect(await store.count('Translations')).toBe(s.demo!.counts.Translations + 4);
      const t3000 = (await store.get('Translations', s.benchmark.translation3000))!.doc as Rec;
      const t1500 = (await store.get('Translations', s.benchmark.translation1500))!.doc as Rec;
      expect(t3000.lines).toHaveLength(3000);
      expect(t1500.lines).toHaveLength(1500);
      expectParses(translation, [t3000, t1500], 'benchmark');
      expect(t3000.translator.emailNormal).toBe('translator@mws.test');
      const wr3000 = (await store.get('Workrequests', s.benchmark.workRequest3000))!.doc as Rec;
      expect(wr3000.translation).toBe(t3000._id);
      expect(((await store.get('Assets', s.benchmark.asset3000))!.doc as Rec).name).toBe(BENCH_ASSET_3000);
      expect(((await store.get('Assets', s.benchmark.asset1500))!.doc as Rec).name).toBe(BENCH_ASSET_1500);
      const translations = new Map((await all(store, 'Translations')).map((t) => [t._id, t]));
      const wrs = await all(store, 'Workrequests');
      expectParses(z.omit(workRequest, { translation: true, graphicsTranslation: true }), wrs, 'Workrequests');
      for (const w of wrs) {
        const t = translations.get(w.translation);
        expect(t, w._id).toBeDefined();
        expect(t!.language).toBe(w.language);
        expect(w.history.at(-1).status).toBe(w.status);
        expect(w.history[0].status).toBe('incomplete');
      }
      for (const st of WORK_REQUEST_STATUSES)
        expect(await store.count('Workrequests', [{ field: 'status', op: 'eq', value: st }])).toBeGreaterThan(100);
      // A second run adds exactly N and reuses the benchmark records.
      const again = await seedLarge(store, { workRequests: 100 });
      expect(again.demo).toBeUndefined();
      expect(again.added).toBe(100);
      expect(again.benchmark).toEqual(s.benchmark);
      expect(await store.count('Workrequests')).toBe(DEMO_COUNTS.Workrequests + 5100);
    } finally {
      await store.close();
    }
  });
});

describe('cli arguments', () => {
  it('parses and validates', () => {
    expect(parseCliArgs([], {})).toEqual({
      workRequests: undefined,
      dataDir: './data',
      databaseUrl: undefined,
      help: false,
    });
    expect(parseCliArgs([], { DATA_DIR: '/srv/mws' }).dataDir).toBe('/srv/mws');
    expect(parseCliArgs(['--work-requests', '100_000', '--data-dir', '/tmp/x'], {})).toEqual({
      workRequests: 100000,
      dataDir: '/tmp/x',
      databaseUrl: undefined,
      help: false,
    });
    const pgUrl = 'postgres://mws:mws@db:5432/mws';
    expect(parseCliArgs(['--database-url', pgUrl], {}).databaseUrl).toBe(pgUrl);
    expect(parseCliArgs([], { DATABASE_URL: pgUrl }).databaseUrl).toBe(pgUrl);
    // A data directory named on the command line wins over the environment's DATABASE_URL.
    expect(parseCliArgs(['--data-dir', '/tmp/x'], { DATABASE_URL: pgUrl }).databaseUrl).toBeUndefined();
    expect(() => parseCliArgs(['--data-dir', '/tmp/x', '--database-url', pgUrl], {})).toThrow(/one or the other/);
    expect(() => parseCliArgs(['--database-url', '/tmp/x'], {})).toThrow(/postgres:\/\//);
    expect(parseCliArgs(['--work-requests=5'], {}).workRequests).toBe(5);
    expect(() => parseCliArgs(['--work-requests=-1'], {})).toThrow(/non-negative integer/);
    expect(() => parseCliArgs(['--work-requests', '-1'], {})).toThrow();
    expect(() => parseCliArgs(['--work-requests', '1e5'], {})).toThrow(/non-negative integer/);
    expect(() => parseCliArgs(['--work-requests'], {})).toThrow();
    expect(() => parseCliArgs(['--nope'], {})).toThrow(/nope/);
    expect(() => parseCliArgs(['extra'], {})).toThrow();
  });
});

describe('titles and random', () => {
  it('builds titles', () => {
    const p = {
      actorName: 'Cora Coordinator',
      actorGroup: 'Northlight Localization',
      assetName: 'Main Trailer 2',
      language: 'fr-FR',
      territory: 'FR',
    };
    expect(wamTitle(p)).toBe(
      'Cora Coordinator (Northlight Localization) marked Main Trailer 2 — fr-FR/FR as awaiting materials',
    );
    expect(wrStatusTitle({ ...p, status: 'approved' })).toBe(
      'Cora Coordinator (Northlight Localization) moved Main Trailer 2 — fr-FR/FR to Approved',
    );
    // The status in words, never its code ("to for-review" once read as a code).
    expect(wrStatusTitle({ ...p, status: 'for-review' })).toBe(
      'Cora Coordinator (Northlight Localization) moved Main Trailer 2 — fr-FR/FR to For review',
    );
    expect(shareTitle({ actorName: 'Ada Admin', assetCount: 1, projectNames: ['Midnight Ferry'] })).toBe(
      'Ada Admin shared 1 asset of Midnight Ferry with you',
    );
    expect(embargoTitle({ fileName: 'a.mov', assetName: 'Teaser A' })).toBe('Embargo lifted on a.mov (Teaser A)');
  });

  it('repeats a sequence for a seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
