/**
 * The long feature of the demo set (the editor's and the Subtitler's worst case): a 90-minute film with a 3,000-line
 * English transcription and a fr-FR translation the demo translator has in progress, whose preview's media is audio the
 * server makes from the transcription on first request (domain/featureAudio.ts: nothing committed, nothing made at seed
 * time). Built from its own random stream (derived from the demo seed), so adding it changes no other record.
 */
import type { Doc } from '../storage/store';
import { lineStats, summarize } from '../domain/translations';
import type { StoredMedia } from '../domain/media';
import type { Rng } from './random';
import { buildLines, timecode, transcriptionDoc, type Timing } from './lines';
import { DIALOGUE_PHRASE_COUNT } from './vocab';

export const FEATURE_LINES = 3000;
export const FEATURE_SECONDS = 90 * 60;
export const FEATURE_PROJECT = 'KOS';
export const FEATURE_NAME = 'Kingdom of Salt — Feature (theatrical cut)';
/** Where dialogue may sit: after the opening titles, before the end credits. */
const DIALOGUE_FROM = 95;
const DIALOGUE_TO = FEATURE_SECONDS - 290;
/** Stretches without dialogue (action, music, montage): this many, 8–20 s each before fitting. */
const SCENES_WITHOUT_DIALOGUE = 24;

/**
 * The timing of a feature's dialogue: `count` lines of 0.9–1.9 s (two-row lines 1.5–2.6 s) with gaps of 0.08–0.35 s,
 * broken by stretches without dialogue, then scaled to fill DIALOGUE_FROM..DIALOGUE_TO exactly (3,000 lines in
 * 90 minutes is dense: the scale is ~0.87).
 */
export function makeFeatureTiming(rng: Rng, count: number): Timing {
  const rows = Array.from({ length: count }, () => (rng.chance(0.3) ? 2 : 1));
  const durations = rows.map((r) => (r === 2 ? rng.float(1.5, 2.6) : rng.float(0.9, 1.9)));
  const gaps = rows.map(() => rng.float(0.08, 0.35));
  const silent = new Set(
    rng.sample(
      Array.from({ length: count - 1 }, (_, i) => i + 1),
      SCENES_WITHOUT_DIALOGUE,
    ),
  );
  for (const i of silent) gaps[i] = rng.float(8, 20);
  gaps[0] = 0;
  const raw = durations.reduce((a, b) => a + b, 0) + gaps.reduce((a, b) => a + b, 0);
  const scale = (DIALOGUE_TO - DIALOGUE_FROM) / raw;
  const t: Timing = {
    kind: 'dialogue',
    count,
    startTime: [],
    stopTime: [],
    range: [],
    phrase: [],
    rows,
    style: [],
    top: [],
    durationSeconds: FEATURE_SECONDS,
  };
  let cursor = DIALOGUE_FROM * 1000;
  for (let i = 0; i < count; i++) {
    const start = Math.round(cursor + gaps[i]! * scale * 1000);
    const stop = Math.round(start + durations[i]! * scale * 1000);
    t.startTime.push(timecode(start));
    t.stopTime.push(timecode(stop));
    t.range.push([start / 1000, stop / 1000]);
    t.phrase.push(rng.int(0, DIALOGUE_PHRASE_COUNT - 1));
    const r = rng.next();
    t.style.push(r < 0.04 ? 1 : r < 0.05 ? 2 : 0);
    t.top.push(rng.chance(0.02));
    cursor = stop;
  }
  return t;
}

export interface FeatureInput {
  rng: Rng;
  now: number;
  /** The project's stored record. */
  project: Doc;
  /** A work request of the demo translator in progress, whose shape (requester, workflow, recipients…) is kept. */
  template: Doc;
  /** A video asset of the project, whose usage, workflow and aspect ratio the feature keeps. */
  assetTemplate: Doc;
  /** The embedded form of assetTemplate (as work requests embed it). */
  embeddedTemplate: Record<string, unknown>;
  /** The coordinator's user summary (who moved it in progress). */
  coordinator: Doc;
}

/** The feature's documents by collection. */
export function buildFeature(
  input: FeatureInput,
): Record<'Assets' | 'Files' | 'Previews' | 'Translations' | 'Workrequests', Doc[]> {
  const { rng, now, project, template, assetTemplate, embeddedTemplate, coordinator } = input;
  const DAY = 86_400;
  const created = now - 45 * DAY;
  const _id = rng.id(created);
  const code = 'FeatureTheatricalCut';
  const slug = 'kingdom-of-salt-feature-theatrical-cut';
  const timing = makeFeatureTiming(rng, FEATURE_LINES);

  const thumbCreated = created + 3600;
  const thumbnail: Doc = {
    _id: rng.id(thumbCreated),
    created: thumbCreated,
    studio: project.studio,
    project: project._id,
    asset: _id,
    name: `${String(project.filePrefix)}_${code}_thumb.jpg`,
    language: 'und',
    country: 'US',
    tags: ['thumbnail'],
    path: `/files/${String(project.filePrefix)}_${code}_thumb.jpg`,
    verified: true,
    embargo: { event: false },
    warnings: [],
    transfer: { username: 'coordinator@mws.test' },
    mime: 'image/jpeg',
    bucket: 'thumbnails',
    chunkSize: 261_120,
    length: rng.int(8_000, 20_000),
    md5: rng.hex(32),
    uploadDate: thumbCreated,
  };

  const transcriptionId = rng.id(created + DAY);
  const transcription: Doc = transcriptionDoc(rng, timing, {
    _id: transcriptionId,
    created: created + DAY,
    asset: _id,
  });

  const previewCreated = created + 2 * DAY;
  const media: StoredMedia = {
    synth: { transcription: transcriptionId },
    mime: 'audio/wav',
    duration: FEATURE_SECONDS,
  };
  const previewSummary = {
    _id: rng.id(previewCreated),
    asset: _id,
    created: previewCreated,
    label: 'Theatrical cut (audio)',
    language: 'en',
    project: project._id,
    revision: 'v1',
    studio: project.studio,
    type: 'video',
    cdn: { domain: 'cdn.mws.test', path: `/previews/${String(project.slug)}/${slug}/v1.wav`, key: rng.hex(32) },
  };
  const preview: Doc = { ...previewSummary, media };
  delete preview.cdn;

  const asset: Doc = {
    ...assetTemplate,
    _id,
    created,
    name: FEATURE_NAME,
    slug,
    type: 'feature',
    mediaType: 'video',
    importName: `${String(project.importName)}_FEATURE_THEATRICAL_CUT`,
    thumbnail: thumbnail._id,
    verified: true,
    previews: [previewSummary],
    creative: false,
    transcription: { dialogue: transcriptionId },
  };

  const wrCreated = now - 12 * DAY;
  const wrId = rng.id(wrCreated);
  const translatorSummary = template.translationSummary
    ? (template.translationSummary as { translator?: unknown }).translator
    : undefined;
  const lines = buildLines(rng, timing, { textKey: 'fr', progress: 0.45, machine: false, tooLong: 0.01 });
  const translation: Doc = {
    _id: rng.id(wrCreated + 60),
    created: wrCreated + 60,
    asset: _id,
    workRequest: wrId,
    language: 'fr-FR',
    status: 'incomplete',
    kind: 'dialogue',
    translator: translatorSummary,
    lines,
    ...lineStats(lines),
    printLines: [],
    approval: false,
  };
  const from = template.from as Doc;
  const history = [
    { date: wrCreated, user: from, status: 'incomplete', reason: 'New request' },
    { date: wrCreated + 3 * 3600, user: from, status: 'submitted', reason: 'Ready for localisation' },
    { date: wrCreated + DAY, user: coordinator, status: 'in-progress', reason: 'Assigned to the translator' },
  ];
  const due = now + 21 * DAY - ((now + 21 * DAY) % 3600);
  const workRequest: Doc = {
    ...template,
    _id: wrId,
    created: wrCreated,
    asset: {
      ...embeddedTemplate,
      _id,
      name: FEATURE_NAME,
      slug,
      type: 'feature',
      mediaType: 'video',
      thumbnail: {
        ...(embeddedTemplate.thumbnail as Record<string, unknown>),
        _id: thumbnail._id,
        length: thumbnail.length,
        md5: thumbnail.md5,
        uploadDate: thumbCreated,
      },
      transcription: { dialogue: transcriptionId },
      creative: false,
    },
    assetType: 'feature',
    assetCategory: 'theatrical',
    auto: false,
    autosubs: false,
    autoMode: false,
    dualLanguages: false,
    language: 'fr-FR',
    territory: 'FR',
    status: 'in-progress',
    reason: history[2]!.reason,
    history,
    rejections: [],
    due: { date: due, tz: 'Europe/Paris' },
    deliveryDeadline: { date: due + 7 * DAY, tz: 'Europe/Paris' },
    instructions: 'Full feature, theatrical subtitles: 42 characters a row at most, two rows, 17 characters a second.',
    translation: translation._id,
    translationSummary: summarize(translation),
    estimate: { base: '9600.00 USD', applied: '9600.00 USD' },
    tags: ['feature'],
  };
  delete workRequest.graphicsTranslation;
  delete workRequest.graphicsTranslationSummary;
  return {
    Assets: [asset],
    Files: [thumbnail],
    Previews: [preview],
    Translations: [transcription, translation],
    Workrequests: [workRequest],
  };
}
