import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { Cue } from '../subtitleFiles';
import { formatTtml, IMSC11_TEXT_PROFILE, parseTimeExpression, parseTtml } from './ttml';
import { rowsOf, type Row } from './styledRows';

/**
 * The imsc reference implementation (sandflow/imscJS, dev dependency) as the independent reader. Its main module
 * also loads the HTML renderer, which needs a browser; the parser and the ISD generator do not (they use `sax`).
 */
interface IsdNode {
  kind: string;
  id?: string;
  text?: string;
  styleAttrs?: Record<string, unknown>;
  contents?: IsdNode[];
}
interface ImscDoc {
  getMediaTimeEvents(): number[];
}
const require = createRequire(import.meta.url);
const imsc = {
  fromXML: (require('imsc/src/main/js/doc.js') as { fromXML: (xml: string, onError: (e: unknown) => void) => ImscDoc })
    .fromXML,
  generateISD: (require('imsc/src/main/js/isd.js') as { generateISD: (doc: ImscDoc, t: number) => IsdNode })
    .generateISD,
};
const TTS = 'http://www.w3.org/ns/ttml#styling ';

/** The rows imsc shows in a region at time t, each run with the styles imsc computed for it. */
function imscRows(region: IsdNode): Row[] {
  const rows: Row[] = [];
  const walk = (node: IsdNode) => {
    if (node.kind === 'p') rows.push([]);
    if (node.kind === 'br') rows.push([]);
    if (node.kind === 'span' && node.text !== undefined) {
      const s = node.styleAttrs ?? {};
      const row = rows[rows.length - 1]!;
      const run = {
        text: node.text,
        bold: s[`${TTS}fontWeight`] === 'bold',
        italic: s[`${TTS}fontStyle`] === 'italic',
        underline: (s[`${TTS}textDecoration`] as string[] | undefined)?.includes('underline') === true,
      };
      const last = row[row.length - 1];
      if (last && last.bold === run.bold && last.italic === run.italic && last.underline === run.underline)
        last.text += run.text;
      else row.push(run);
    }
    node.contents?.forEach(walk);
  };
  walk(region);
  return rows;
}

function regionsAt(doc: ImscDoc, ms: number): IsdNode[] {
  return (imsc.generateISD(doc, ms / 1000).contents ?? []).filter((r) => r.kind === 'region');
}

/** Vertical middle of a region as imsc computed it (fraction of the root height). */
function middleOf(region: IsdNode): number {
  const origin = region.styleAttrs?.[`${TTS}origin`] as { h: { rh: number } };
  const extent = region.styleAttrs?.[`${TTS}extent`] as { h: { rh: number } };
  return origin.h.rh + extent.h.rh / 2;
}

const CUES: Cue[] = [
  { startMs: 1000, stopMs: 2501, text: 'Hello <i>world</i>\nsecond <b>bold <u>both</u></b>', position: 'bottom' },
  { startMs: 2501, stopMs: 4040, text: '<i>All italic\nacross rows</i>', position: 'top' },
  { startMs: 5000, stopMs: 6007, text: 'Tom & Jerry say "hi" <u>now</u>', position: 'bottom' },
  { startMs: 3_723_456, stopMs: 3_725_000, text: 'Café — naïve ½', position: 'top' },
];

describe('TTML export (IMSC 1.1 Text)', () => {
  it('writes the profile designator, language, regions and exact times', () => {
    const xml = formatTtml(CUES, { language: 'fr-FR', title: 'The <Film>' });
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<tt xmlns="http:\/\/www.w3.org\/ns\/ttml"/);
    expect(xml).toContain(`ttp:contentProfiles="${IMSC11_TEXT_PROFILE}"`);
    expect(xml).toContain('xml:lang="fr-FR"');
    expect(xml).toContain('<ttm:title>The &lt;Film&gt;</ttm:title>');
    expect(xml).toContain('begin="01:02:03.456" end="01:02:05.000" region="top"');
    expect(xml).toContain('<br/>');
    expect(xml).not.toContain('tts:direction');
  });

  it('marks right-to-left languages with writingMode and direction', () => {
    const xml = formatTtml(CUES.slice(0, 1), { language: 'ar' });
    expect(xml).toContain('xml:lang="ar"');
    expect(xml).toMatch(/<region xml:id="top"[^>]*tts:writingMode="rltb"/);
    expect(xml).toContain('tts:direction="rtl"');
    expect(formatTtml(CUES.slice(0, 1), { language: 'he-IL' })).toContain('tts:direction="rtl"');
  });

  it('is read back by the imsc reference implementation to the same cues', () => {
    for (const language of ['en', 'ar']) {
      const errors: unknown[] = [];
      const doc = imsc.fromXML(formatTtml(CUES, { language }), (e) => errors.push(e));
      expect(errors).toEqual([]);
      const times = CUES.flatMap((c) => [c.startMs / 1000, c.stopMs / 1000]);
      expect(doc.getMediaTimeEvents()).toEqual([0, ...new Set(times)].sort((a, b) => a - b));
      for (const cue of CUES) {
        const regions = regionsAt(doc, (cue.startMs + cue.stopMs) / 2).filter((r) => imscRows(r).length > 0);
        expect(regions).toHaveLength(1);
        expect(imscRows(regions[0]!)).toEqual(rowsOf(cue.text));
        expect(middleOf(regions[0]!) < 0.5 ? 'top' : 'bottom').toBe(cue.position);
        // Just outside the cue's times, imsc shows nothing of it.
        const before = regionsAt(doc, cue.startMs - 1).flatMap(imscRows);
        expect(before).not.toContainEqual(rowsOf(cue.text)[0]);
      }
    }
  });

  it('round-trips through its own reader', () => {
    const back = parseTtml(formatTtml(CUES, { language: 'en' }));
    expect(back.skipped).toEqual([]);
    expect(back.language).toBe('en');
    expect(back.cues).toEqual(CUES);
  });
});

describe('TTML time expressions', () => {
  const t = (frameRate: number, subFrameRate = 1, tickRate = 1) => ({ frameRate, subFrameRate, tickRate });
  it('reads clock times with fractions, frames and sub-frames, and offset times', () => {
    expect(parseTimeExpression('00:00:01.5', t(30))).toBe(1500);
    expect(parseTimeExpression('01:00:00:12', t(25))).toBe(3_600_480);
    expect(parseTimeExpression('00:00:00:01.1', t(25, 2))).toBeCloseTo(60);
    expect(parseTimeExpression('2.5s', t(30))).toBe(2500);
    expect(parseTimeExpression('250ms', t(30))).toBe(250);
    expect(parseTimeExpression('1.5m', t(30))).toBe(90_000);
    expect(parseTimeExpression('50f', t(25))).toBe(2000);
    expect(parseTimeExpression('20000000t', t(30, 1, 10_000_000))).toBe(2000);
    expect(parseTimeExpression('soon', t(30))).toBeUndefined();
  });

  it('reads SMPTE drop-frame labels (dropNTSC) as the frames really shown', () => {
    const drop = { frameRate: 30_000 / 1001, subFrameRate: 1, tickRate: 1, dropNtsc: true };
    // 00:01:00;02 is the 1,800th frame (frames 0 and 1 of minute 1 have no label); 00:10:00;00 the 17,982nd.
    expect(parseTimeExpression('00:01:00:02', drop)).toBeCloseTo((1800 * 1001) / 30, 6);
    expect(parseTimeExpression('00:10:00:00', drop)).toBeCloseTo((17_982 * 1001) / 30, 6);
    expect(parseTimeExpression('01:00:00:00', drop)).toBeCloseTo(3_599_996.4, 1); // an hour of labels ≈ an hour
    const doc = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
  ttp:timeBase="smpte" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" ttp:dropMode="dropNTSC">
  <body><div><p begin="00:10:00:00" end="00:10:02:00">Ten minutes in</p></div></body></tt>`;
    expect(parseTtml(doc).cues[0]).toMatchObject({ startMs: 599_999, stopMs: 602_001 });
  });
});

describe('TTML import of documents other tools write', () => {
  it('reads EBU-TT-D style: prefixed names, styles by chained reference, regions by origin, frames', () => {
    const doc = `<?xml version="1.0" encoding="UTF-8"?>
<!-- written by another tool -->
<tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
  xmlns:tts="http://www.w3.org/ns/ttml#styling" ttp:timeBase="media" ttp:frameRate="30"
  ttp:frameRateMultiplier="1000 1001" xml:lang="de">
  <tt:head>
    <tt:styling>
      <tt:style xml:id="white" tts:color="#FFFFFF"/>
      <tt:style xml:id="em" style="white" tts:fontStyle="italic"/>
      <tt:style xml:id="strong" style="em" tts:fontWeight="bold"/>
    </tt:styling>
    <tt:layout>
      <tt:region xml:id="upper" tts:origin="10% 10%" tts:extent="80% 20%"/>
      <tt:region xml:id="lower" tts:origin="10% 70%" tts:extent="80% 20%"/>
    </tt:layout>
  </tt:head>
  <tt:body>
    <tt:div region="lower">
      <tt:div>
        <tt:p begin="00:00:01:00" end="00:00:02:15">Erste
          <tt:span style="em">Zeile</tt:span><tt:br/>zweite <tt:span style="strong">Zeile</tt:span></tt:p>
      </tt:div>
      <tt:p region="upper" begin="00:00:03.000" end="00:00:04.000"><tt:span tts:textDecoration="underline">Oben</tt:span></tt:p>
    </tt:div>
  </tt:body>
</tt:tt>`;
    const { cues, skipped, language } = parseTtml(doc);
    expect(skipped).toEqual([]);
    expect(language).toBe('de');
    expect(cues).toEqual([
      {
        startMs: 1000,
        stopMs: 2501, // 2 s and 15 frames at 29.97 fps (2500 at 30)
        text: 'Erste <i>Zeile</i>\nzweite <b><i>Zeile</i></b>',
        position: 'bottom',
      },
      { startMs: 3000, stopMs: 4000, text: '<u>Oben</u>', position: 'top' },
    ]);
  });

  it('reads DFXP style: dur, times relative to the parent, ticks, px regions, displayAlign', () => {
    const doc = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
  xmlns:tts="http://www.w3.org/ns/ttml#styling" ttp:tickRate="10000000" tts:extent="1920px 1080px">
  <head><layout>
    <region xml:id="r1" tts:origin="192px 54px" tts:extent="1536px 200px"/>
    <region xml:id="r2" tts:displayAlign="before"/>
    <region xml:id="r3" tts:displayAlign="after"/>
  </layout></head>
  <body><div begin="10s">
    <p begin="0s" dur="2s" region="r1" tts:fontWeight="bold">A</p>
    <p begin="30000000t" end="40000000t" region="r2">B</p>
    <p begin="5s" dur="500ms" region="r3"><span tts:fontStyle="oblique">C</span></p>
    <p begin="6s" dur="1s">  spaced
       out   </p>
  </div></body>
</tt>`;
    const { cues, skipped } = parseTtml(doc);
    expect(skipped).toEqual([]);
    expect(cues).toEqual([
      { startMs: 10_000, stopMs: 12_000, text: '<b>A</b>', position: 'top' },
      { startMs: 13_000, stopMs: 14_000, text: 'B', position: 'top' },
      { startMs: 15_000, stopMs: 15_500, text: '<i>C</i>', position: 'bottom' },
      { startMs: 16_000, stopMs: 17_000, text: 'spaced out', position: 'bottom' },
    ]);
  });

  it('times the children of a seq container one after another', () => {
    const doc = `<tt xmlns="http://www.w3.org/ns/ttml"><body><div begin="1s" timeContainer="seq">
<p dur="2s">one</p><p begin="1s" dur="1s">two</p><p dur="500ms">three</p>
</div></body></tt>`;
    expect(parseTtml(doc).cues.map((c) => [c.startMs, c.stopMs, c.text])).toEqual([
      [1000, 3000, 'one'],
      [4000, 5000, 'two'],
      [5000, 5500, 'three'],
    ]);
  });

  it('reports what it cannot read, with the line, and keeps the rest', () => {
    const doc = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt">
<body>
<div>
<p begin="1s" end="2s">kept</p>
<p begin="3s">no end</p>
<p begin="later" end="5s">bad time</p>
<p begin="6s" end="7s">   </p>
<p begin="9s" end="8s">backwards</p>
</div>
<div begin="10s" end="11s" smpte:backgroundImage="#img1"/>
</body>
</tt>`;
    const { cues, skipped } = parseTtml(doc);
    expect(cues).toEqual([{ startMs: 1000, stopMs: 2000, text: 'kept', position: 'bottom' }]);
    expect(skipped.map((s) => s.line)).toEqual([5, 6, 7, 8, 10]);
    expect(skipped[0]!.reason).toMatch(/no end time/);
    expect(skipped[1]!.reason).toMatch(/“later” is not a time/);
    expect(skipped[2]!.reason).toMatch(/no text/);
    expect(skipped[3]!.reason).toMatch(/ends before it begins/);
    expect(skipped[4]!.reason).toMatch(/image subtitle/);
  });

  it('refuses what is not TTML, or not well-formed, saying where', () => {
    expect(() => parseTtml('<html><body/></html>')).toThrow(/not a TTML document/i);
    expect(() => parseTtml('<tt xmlns="http://www.w3.org/ns/ttml">\n<body>\n<p>x</div>')).toThrow(/Line 3/);
    expect(() => parseTtml('1\n00:00:01,000 --> 00:00:02,000\nsrt')).toThrow(/No XML element|outside the root/);
    expect(() => parseTtml('<tt xmlns="http://www.w3.org/ns/ttml"><body>Tom & Jerry</body></tt>')).toThrow(/&amp;/);
  });
});
