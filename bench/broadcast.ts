/**
 * `npm run bench -- --only broadcast`: the broadcast subtitle formats (TTML/IMSC 1.1, EBU STL) written and read
 * for a long programme — 10,000 styled cues, top and bottom, accented Latin text — beside SRT written and read by
 * the editor's own SRT code on the same cues (the baseline). Median of several runs after a warm-up, in the main
 * thread as the browser runs them (the import dialog and the export buttons call these functions directly).
 */
import { performance } from 'node:perf_hooks';
import { formatSrt, parseSubtitles, type Cue } from '../src/features/translation-editor/model/subtitleFiles';
import { formatTtml, parseTtml } from '../src/features/translation-editor/model/formats/ttml';
import { formatEbuStl, parseEbuStl } from '../src/features/translation-editor/model/formats/ebuStl';

const CUES = 10_000;
const RUNS = 7;

function cues(): Cue[] {
  const texts = [
    'Où est la <i>gare</i>, s’il vous plaît ?',
    '<b>Attention</b> — le train part\nà quinze heures précises.',
    'Ça ne fait rien. <u>Vraiment</u>.',
    'Zürich, Łódź, Ærøskøbing: trois villes.',
  ];
  return Array.from({ length: CUES }, (_, i) => ({
    startMs: i * 2400,
    stopMs: i * 2400 + 2000,
    text: texts[i % texts.length]!,
    position: i % 7 === 0 ? 'top' : 'bottom',
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(work: () => unknown): number {
  work(); // warm-up
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    work();
    runs.push(performance.now() - t0);
  }
  return Math.round(median(runs) * 10) / 10;
}

export interface BroadcastReport {
  cues: number;
  rows: { format: string; writeMs: number; readMs: number; bytes: number }[];
}

export function benchBroadcast(): BroadcastReport {
  const list = cues();
  const srt = formatSrt(list);
  const ttml = formatTtml(list, { language: 'fr-FR', title: 'Bench' });
  const stl = formatEbuStl(list, { frameRate: 25, title: 'Bench', language: 'fr' }).bytes;
  if (parseTtml(ttml).cues.length !== CUES || parseEbuStl(stl).cues.length !== CUES)
    throw new Error('broadcast bench: a format did not read back every cue');
  return {
    cues: CUES,
    rows: [
      {
        format: 'SRT (baseline)',
        writeMs: time(() => formatSrt(list)),
        readMs: time(() => parseSubtitles(srt)),
        bytes: Buffer.byteLength(srt),
      },
      {
        format: 'TTML (IMSC 1.1)',
        writeMs: time(() => formatTtml(list, { language: 'fr-FR' })),
        readMs: time(() => parseTtml(ttml)),
        bytes: Buffer.byteLength(ttml),
      },
      {
        format: 'EBU STL',
        writeMs: time(() => formatEbuStl(list, { frameRate: 25 })),
        readMs: time(() => parseEbuStl(stl)),
        bytes: stl.length,
      },
    ],
  };
}

export function renderBroadcast(report: BroadcastReport): string {
  return [
    '## Broadcast subtitle formats (TTML, EBU STL)',
    '',
    `${report.cues.toLocaleString('en')} cues written and read (median of ${RUNS} runs), beside SRT on the same cues.`,
    '',
    '| Format | Write (ms) | Read (ms) | File size |',
    '| --- | ---: | ---: | ---: |',
    ...report.rows.map((r) => `| ${r.format} | ${r.writeMs} | ${r.readMs} | ${(r.bytes / 1024).toFixed(0)} KiB |`),
    '',
  ].join('\n');
}

export async function run(): Promise<{ data: unknown; markdown: string }> {
  const data = benchBroadcast();
  return { data, markdown: renderBroadcast(data) };
}
