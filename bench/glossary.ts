/**
 * The editor's glossary (docs/API.md "Glossary"): a 3,000-line translation checked against 300 terms, in node (the
 * model is pure). Section `glossary` of `npm run bench` (`npm run bench -- --only glossary`), also runnable alone:
 * `node --import tsx bench/glossary.ts`.
 *
 * - find terms: every original scanned by the combined matcher (one trie-shaped expression per case mode);
 * - baseline: the same scan with one expression per term (terms × lines), what the matcher replaces;
 * - all checks: `EditorDocument.setGlossary` (every rule of every line, the glossary's included), against the same
 *   document re-checked without a glossary.
 * Median of 15 runs after 3 warm-ups.
 */
import { Glossary, matchableText, type GlossaryEntry } from '../src/features/translation-editor/model/glossary';
import { EditorDocument } from '../src/features/translation-editor/model/editorDocument';
import { OriginalIndex } from '../src/features/translation-editor/model/originals';
import { DEFAULT_PROFILE } from '../src/features/translation-editor/model/qc/profiles';
import { PHRASES } from '../server/seed/vocab';

const LINES = 3000;
const TERMS = 300;

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => void, runs = 15, warmups = 3): number {
  for (let i = 0; i < warmups; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

const en = PHRASES.en!;
const fr = PHRASES.fr!;
const timecode = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `00:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}:00`;
};
const lines = Array.from({ length: LINES }, (_, i) => ({
  number: i + 1,
  text: fr[i % fr.length]!,
  startTime: timecode(i * 2000),
  stopTime: timecode(i * 2000 + 1500),
}));
const originals = lines.map((l, i) => ({ ...l, text: `<i>${en[i % en.length]!}</i>` }));
// 300 terms: the demo words that occur, and made-up ones of the same shape that mostly do not.
const words = ['island', 'truth', 'car', 'chance', 'water', 'time', 'trust', 'promise'];
const terms: GlossaryEntry[] = Array.from({ length: TERMS }, (_, i) => ({
  id: String(i),
  source: i < words.length ? words[i]! : `${words[i % words.length]!}${String.fromCharCode(97 + (i % 26))}${i}`,
  translation: `t${i}`,
  forbidden: i % 5 === 0 ? [`f${i}`] : [],
  caseSensitive: i % 7 === 0,
}));

export async function run(): Promise<{ data: unknown; markdown: string }> {
  const glossary = new Glossary(terms);
  const plains = originals.map((l) => matchableText(l.text));
  const build = time(() => void new Glossary(terms));
  const find = time(() => {
    for (const p of plains) glossary.hitsIn(p);
  });
  const perTerm = terms.map(
    (t) => new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${t.source}(?![\\p{L}\\p{M}\\p{N}])`, t.caseSensitive ? 'gu' : 'giu'),
  );
  const baseline = time(() => {
    for (const p of plains) for (const re of perTerm) for (re.lastIndex = 0; re.exec(p) !== null;);
  });
  const doc = new EditorDocument(lines, DEFAULT_PROFILE, new OriginalIndex(originals));
  const withGlossary = time(() => doc.setGlossary(glossary));
  const without = time(() => doc.setGlossary(undefined));
  const flagged = (doc.setGlossary(glossary), doc.problemRows().length);
  const data = { lines: LINES, terms: TERMS, build, find, baseline, withGlossary, without, flagged };
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const markdown = [
    '## Glossary (editor)',
    '',
    `${LINES} lines × ${TERMS} terms (node, median of 15): \`node --import tsx bench/glossary.ts\`.`,
    '',
    '| step | time | baseline |',
    '|---|---|---|',
    `| build the matcher | ${ms(build)} | — |`,
    `| find the terms of every original | ${ms(find)} | ${ms(baseline)} (one expression per term) |`,
    `| every check of every line, with the glossary | ${ms(withGlossary)} | ${ms(without)} (no glossary) |`,
    '',
    `${flagged} lines with a problem.`,
    '',
  ].join('\n');
  return { data, markdown };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log((await run()).markdown);
