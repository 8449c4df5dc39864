/**
 * TTML, written as an IMSC 1.1 Text profile document (what streaming platforms ask for) and read from the TTML
 * other tools write (IMSC 1.0/1.1, EBU-TT-D, DFXP, SMPTE-TT text): nested divs, `begin`/`end`/`dur` on any timed
 * element (relative to the parent's begin), clock times with fractions, frames and sub-frames, offset times in
 * h/m/s/ms/f/t, styles by reference (chained) and inline, regions mapped to top or bottom by where they sit.
 * What cannot be read (no end time, image subtitles, empty paragraphs) is listed in `skipped`, never dropped silently.
 */
import type { Cue } from '../subtitleFiles';
import { SubtitleParseError } from '../subtitleParseError';
import { subtitleCounter } from '../importLimits';
import type { Position } from '../lineFields';
import { isRightToLeft } from '../languages';
import { pushRun, rowsOf, textOf, trimRow, type Row, type Run } from './styledRows';
import { attrOf, elementsOf, escapeXml, readXml, XML_NS, type XmlElement } from './xml';

export const TT_NS = 'http://www.w3.org/ns/ttml';
export const TTP_NS = 'http://www.w3.org/ns/ttml#parameter';
export const TTS_NS = 'http://www.w3.org/ns/ttml#styling';
export const TTM_NS = 'http://www.w3.org/ns/ttml#metadata';
const SMPTE_NS = 'http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt';
/** The IMSC 1.1 Text profile designator (IMSC 1.1 §6.1). */
export const IMSC11_TEXT_PROFILE = 'http://www.w3.org/ns/ttml/profile/imsc1.1/text';

export interface Skipped {
  line: number;
  reason: string;
}

export interface TtmlExportOptions {
  /** BCP 47 code of the translation (`xml:lang`); right-to-left languages get `tts:direction`/`writingMode`. */
  language: string | undefined;
  /** `ttm:title` in the head (the asset's name). */
  title?: string | undefined;
}

function clock(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const p = (n: number, w: number) => String(n).padStart(w, '0');
  return `${p(Math.floor(t / 3_600_000), 2)}:${p(Math.floor(t / 60_000) % 60, 2)}:${p(Math.floor(t / 1000) % 60, 2)}.${p(t % 1000, 3)}`;
}

function spanOf(run: Run): string {
  const attrs = [
    run.bold ? ' tts:fontWeight="bold"' : '',
    run.italic ? ' tts:fontStyle="italic"' : '',
    run.underline ? ' tts:textDecoration="underline"' : '',
  ].join('');
  const text = escapeXml(run.text);
  return attrs ? `<span${attrs}>${text}</span>` : text;
}

/**
 * An IMSC 1.1 Text document: media time base, times to the millisecond (`HH:MM:SS.mmm`, exact), two regions
 * ("top" and "bottom", 80% wide, text centred), bold/italic/underline as styled spans, rows split by `<br/>`.
 */
export function formatTtml(cues: readonly Cue[], options: TtmlExportOptions): string {
  const lang = options.language?.trim() || 'und';
  const rtl = isRightToLeft(lang);
  const writing = rtl ? ' tts:writingMode="rltb"' : '';
  const direction = rtl ? ' tts:direction="rtl"' : '';
  const paragraphs = cues.map((cue, i) => {
    const body = rowsOf(cue.text)
      .map((row) => row.map(spanOf).join(''))
      .join('<br/>');
    return `      <p xml:id="s${i + 1}" begin="${clock(cue.startMs)}" end="${clock(cue.stopMs)}" region="${cue.position}"${direction}>${body}</p>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tt xmlns="${TT_NS}" xmlns:ttp="${TTP_NS}" xmlns:tts="${TTS_NS}" xmlns:ttm="${TTM_NS}"` +
      ` ttp:contentProfiles="${IMSC11_TEXT_PROFILE}" ttp:timeBase="media"` +
      ` xml:lang="${escapeXml(lang)}">`,
    '  <head>',
    options.title ? `    <metadata><ttm:title>${escapeXml(options.title)}</ttm:title></metadata>` : '',
    '    <styling>',
    '      <style xml:id="base" tts:fontFamily="proportionalSansSerif" tts:fontSize="100%" tts:lineHeight="125%"' +
      ' tts:textAlign="center" tts:color="white" tts:backgroundColor="rgba(0,0,0,191)"/>',
    '    </styling>',
    '    <layout>',
    `      <region xml:id="top" tts:origin="10% 5%" tts:extent="80% 20%" tts:displayAlign="before"${writing}/>`,
    `      <region xml:id="bottom" tts:origin="10% 75%" tts:extent="80% 20%" tts:displayAlign="after"${writing}/>`,
    '    </layout>',
    '  </head>',
    '  <body style="base">',
    '    <div>',
    ...paragraphs,
    '    </div>',
    '  </body>',
    '</tt>',
    '',
  ]
    .filter((row) => row !== '')
    .join('\n');
}

// ——— Reading ———

interface Timing {
  frameRate: number;
  subFrameRate: number;
  tickRate: number;
  /** SMPTE time base with NTSC drop-frame labels (`ttp:dropMode="dropNTSC"`): clock times are timecode labels. */
  dropNtsc?: boolean;
}

function timingOf(tt: XmlElement): Timing {
  const num = (name: string) => Number(attrOf(tt, TTP_NS, name) ?? Number.NaN);
  const base = Number.isFinite(num('frameRate')) && num('frameRate') > 0 ? num('frameRate') : 30;
  const [n, d] = (attrOf(tt, TTP_NS, 'frameRateMultiplier') ?? '1 1').trim().split(/\s+/).map(Number);
  const frameRate = n && d ? (base * n) / d : base;
  const subFrameRate = num('subFrameRate') > 0 ? num('subFrameRate') : 1;
  const explicitTicks = num('tickRate');
  const tickRate = explicitTicks > 0 ? explicitTicks : attrOf(tt, TTP_NS, 'frameRate') ? base * subFrameRate : 1;
  const dropNtsc =
    attrOf(tt, TTP_NS, 'timeBase') === 'smpte' && attrOf(tt, TTP_NS, 'dropMode') === 'dropNTSC' && base === 30;
  return { frameRate, subFrameRate, tickRate, dropNtsc };
}

const CLOCK = /^(\d{2,}):(\d{2}):(\d{2})(?:(\.\d+)|:(\d{2,})(?:\.(\d+))?)?$/;
const OFFSET = /^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$/;

/** A TTML time expression in milliseconds (not rounded), or undefined when it is not one. */
export function parseTimeExpression(value: string, timing: Timing): number | undefined {
  const v = value.trim();
  const c = CLOCK.exec(v);
  if (c && timing.dropNtsc && c[5] !== undefined) {
    // Drop-frame labels skip frames 0 and 1 of every minute except each tenth: count the frames really shown.
    const minutes = Number(c[1]) * 60 + Number(c[2]);
    const label = (minutes * 60 + Number(c[3])) * 30 + Number(c[5]) + Number(c[6] ?? 0) / timing.subFrameRate;
    return ((label - 2 * (minutes - Math.floor(minutes / 10))) / timing.frameRate) * 1000;
  }
  if (c) {
    const seconds = Number(c[1]) * 3600 + Number(c[2]) * 60 + Number(c[3]) + Number(c[4] ?? 0);
    const frames = Number(c[5] ?? 0) + Number(c[6] ?? 0) / timing.subFrameRate;
    return (seconds + frames / timing.frameRate) * 1000;
  }
  const o = OFFSET.exec(v);
  if (!o) return undefined;
  const n = Number(o[1]);
  const perUnit: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1000,
    ms: 1,
    f: 1000 / timing.frameRate,
    t: 1000 / timing.tickRate,
  };
  return n * perUnit[o[2]!]!;
}

type StyleProps = Partial<Pick<Run, 'bold' | 'italic' | 'underline'>>;

function inlineStyle(el: XmlElement): StyleProps {
  const out: StyleProps = {};
  const weight = attrOf(el, TTS_NS, 'fontWeight');
  if (weight) out.bold = weight.trim() === 'bold';
  const style = attrOf(el, TTS_NS, 'fontStyle');
  if (style) out.italic = style.trim() === 'italic' || style.trim() === 'oblique';
  const decoration = attrOf(el, TTS_NS, 'textDecoration');
  if (decoration) {
    const words = decoration.trim().split(/\s+/);
    if (words.includes('underline')) out.underline = true;
    else if (words.includes('noUnderline') || words.includes('none')) out.underline = false;
  }
  return out;
}

/** Styles of `<style>` elements by id, each with the styles it references folded in (referenced first). */
function styleTable(head: XmlElement | undefined): Map<string, StyleProps> {
  const raw = new Map<string, XmlElement>();
  const walk = (el: XmlElement) => {
    for (const child of elementsOf(el)) {
      const id = attrOf(child, XML_NS, 'id');
      if (child.ns === TT_NS && child.local === 'style' && id) raw.set(id, child);
      walk(child);
    }
  };
  if (head) walk(head);
  const resolved = new Map<string, StyleProps>();
  const resolve = (id: string, seen: Set<string>): StyleProps => {
    const done = resolved.get(id);
    if (done) return done;
    const el = raw.get(id);
    if (!el || seen.has(id)) return {};
    seen.add(id);
    const props = { ...referenced(el, (ref) => resolve(ref, seen)), ...inlineStyle(el) };
    resolved.set(id, props);
    return props;
  };
  for (const id of raw.keys()) resolve(id, new Set());
  return resolved;
}

function referenced(el: XmlElement, lookup: (id: string) => StyleProps): StyleProps {
  const refs = (attrOf(el, undefined, 'style') ?? '').split(/\s+/).filter(Boolean);
  return Object.assign({}, ...refs.map(lookup)) as StyleProps;
}

/** A length along one axis as a fraction of the root container, or undefined (units we cannot place). */
function fraction(value: string | undefined, axisPx: number | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(-?\d+(?:\.\d+)?)(%|px|rw|rh)$/.exec(value.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  if (m[2] === '%' || m[2] === 'rw' || m[2] === 'rh') return n / 100;
  return axisPx ? n / axisPx : undefined;
}

/** top or bottom of a `<region>`: the vertical middle of its area, else where it aligns its text. */
function regionPosition(region: XmlElement, rootHeightPx: number | undefined): Position {
  const y = (v: string | undefined) => fraction(v?.trim().split(/\s+/)[1], rootHeightPx);
  const originY = y(attrOf(region, TTS_NS, 'origin'));
  const heightY = y(attrOf(region, TTS_NS, 'extent'));
  if (originY !== undefined) return originY + (heightY ?? 0) / 2 < 0.5 ? 'top' : 'bottom';
  const position = attrOf(region, TTS_NS, 'position')?.trim().split(/\s+/) ?? [];
  if (position.includes('top')) return 'top';
  if (attrOf(region, TTS_NS, 'displayAlign')?.trim() === 'before' && !position.includes('bottom')) return 'top';
  return 'bottom';
}

function regionTable(head: XmlElement | undefined, rootHeightPx: number | undefined): Map<string, Position> {
  const out = new Map<string, Position>();
  const walk = (el: XmlElement) => {
    for (const child of elementsOf(el)) {
      const id = attrOf(child, XML_NS, 'id');
      if (child.ns === TT_NS && child.local === 'region' && id) out.set(id, regionPosition(child, rootHeightPx));
      walk(child);
    }
  };
  if (head) walk(head);
  return out;
}

interface Context {
  beginMs: number;
  /** The parent's end; Infinity when nothing above says one. */
  endMs: number;
  region: string | undefined;
  style: StyleProps;
}

export interface TtmlImport {
  cues: Cue[];
  skipped: Skipped[];
  /** `xml:lang` of the document, when it says one. */
  language: string | undefined;
}

/**
 * Cues of a TTML document, ordered by start; throws SubtitleParseError when it is not TTML at all or is past the
 * import's limits (importLimits.ts).
 */
export function parseTtml(text: string): TtmlImport {
  const tt = readXml(text);
  if (tt.ns !== TT_NS || tt.local !== 'tt')
    throw new SubtitleParseError('Not a TTML document: the root element is not <tt> in the TTML namespace.');
  const timing = timingOf(tt);
  const head = elementsOf(tt).find((e) => e.ns === TT_NS && e.local === 'head');
  const body = elementsOf(tt).find((e) => e.ns === TT_NS && e.local === 'body');
  const rootHeightPx = pxOf(attrOf(tt, TTS_NS, 'extent'));
  const styles = styleTable(head);
  const regions = regionTable(head, rootHeightPx);
  const cues: Cue[] = [];
  const skipped: Skipped[] = [];
  const countSubtitle = subtitleCounter();
  const styleOf = (el: XmlElement, inherited: StyleProps): StyleProps => ({
    ...inherited,
    ...referenced(el, (id) => styles.get(id) ?? {}),
    ...inlineStyle(el),
  });

  /** The element's [begin, end) in media time, given its parent's; `previousEndMs` for a `seq` parent. */
  const interval = (el: XmlElement, parent: Context, startFrom: number): [number, number] | string => {
    const read = (name: string) => {
      const v = attrOf(el, undefined, name);
      if (v === undefined) return undefined;
      const ms = parseTimeExpression(v, timing);
      return ms === undefined ? `its ${name} “${v}” is not a time TTML knows` : ms;
    };
    const begin = read('begin');
    const end = read('end');
    const dur = read('dur');
    for (const v of [begin, end, dur]) if (typeof v === 'string') return v;
    const b = startFrom + ((begin as number | undefined) ?? 0);
    let e = end !== undefined ? startFrom + (end as number) : dur !== undefined ? b + (dur as number) : parent.endMs;
    e = Math.min(e, parent.endMs);
    return [b, e];
  };

  const visit = (el: XmlElement, parent: Context) => {
    let previousEnd = parent.beginMs;
    const seq = attrOf(el, undefined, 'timeContainer') === 'seq';
    for (const child of elementsOf(el)) {
      if (child.ns !== TT_NS) continue;
      if (child.local !== 'div' && child.local !== 'p') continue;
      if (child.local === 'p') countSubtitle();
      const at = interval(child, parent, seq ? previousEnd : parent.beginMs);
      if (typeof at === 'string') {
        skipped.push({ line: child.line, reason: `<${child.local}> skipped: ${at}.` });
        continue;
      }
      previousEnd = at[1];
      const ctx: Context = {
        beginMs: at[0],
        endMs: at[1],
        region: attrOf(child, undefined, 'region') ?? parent.region,
        style: styleOf(child, parent.style),
      };
      if (child.local === 'div') {
        if (attrOf(child, SMPTE_NS, 'backgroundImage') !== undefined)
          skipped.push({ line: child.line, reason: 'An image subtitle (smpte:backgroundImage): only text is read.' });
        else visit(child, ctx);
      } else paragraph(child, ctx);
    }
  };

  const paragraph = (p: XmlElement, ctx: Context) => {
    const rows: Row[] = [[]];
    let image = false;
    const collect = (el: XmlElement, style: StyleProps, preserve: boolean) => {
      for (const node of el.children) {
        if (typeof node === 'string') {
          const content = preserve ? node : node.replace(/\s+/g, ' ');
          const lines = preserve ? content.split(/\r?\n/) : [content];
          lines.forEach((piece, k) => {
            if (k > 0) rows.push([]);
            pushRun(rows[rows.length - 1]!, {
              text: piece,
              bold: style.bold ?? false,
              italic: style.italic ?? false,
              underline: style.underline ?? false,
            });
          });
        } else if (node.ns === TT_NS && node.local === 'br') rows.push([]);
        else if (node.ns === TT_NS && node.local === 'span') {
          const space = attrOf(node, XML_NS, 'space');
          collect(node, styleOf(node, style), space ? space === 'preserve' : preserve);
        } else if (node.local === 'image' || attrOf(node, SMPTE_NS, 'backgroundImage') !== undefined) image = true;
      }
    };
    collect(p, ctx.style, attrOf(p, XML_NS, 'space') === 'preserve');
    const kept = rows.map(trimRow).filter((row) => row.length > 0);
    const label = attrOf(p, XML_NS, 'id') ? `<p xml:id="${attrOf(p, XML_NS, 'id')!}">` : '<p>';
    if (!Number.isFinite(ctx.endMs))
      return skipped.push({ line: p.line, reason: `${label} has no end time (no end or dur above it).` });
    if (kept.length === 0)
      return skipped.push({ line: p.line, reason: `${label} has no text${image ? ' (an image)' : ''}.` });
    const startMs = Math.round(ctx.beginMs);
    const stopMs = Math.round(ctx.endMs);
    if (stopMs <= startMs) return skipped.push({ line: p.line, reason: `${label} ends before it begins.` });
    const position = (ctx.region ? regions.get(ctx.region) : undefined) ?? 'bottom';
    cues.push({ startMs, stopMs, text: textOf(kept), position });
  };

  if (body) {
    const root: Context = { beginMs: 0, endMs: Number.POSITIVE_INFINITY, region: undefined, style: {} };
    const at = interval(body, root, 0);
    if (typeof at === 'string') skipped.push({ line: body.line, reason: `<body> skipped: ${at}.` });
    else
      visit(body, {
        beginMs: at[0],
        endMs: at[1],
        region: attrOf(body, undefined, 'region'),
        style: styleOf(body, {}),
      });
  }
  if (cues.length === 0 && skipped.length === 0) throw new SubtitleParseError('No subtitles found in this TTML file.');
  cues.sort((a, b) => a.startMs - b.startMs);
  return { cues, skipped, language: attrOf(tt, XML_NS, 'lang') || undefined };
}

function pxOf(extent: string | undefined): number | undefined {
  const m = /^\s*\d+(?:\.\d+)?px\s+(\d+(?:\.\d+)?)px\s*$/.exec(extent ?? '');
  return m ? Number(m[1]) : undefined;
}
