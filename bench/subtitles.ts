/**
 * Subtitle import (docs/decisions/125-subtitle-files-read-as-bytes.md): reading 1 MB files in the browser's code,
 * ordinary ones (the baseline) beside pathological ones that made the old regular expressions quadratic (an unclosed
 * `{\` or `<a ` repeated). Linear reading shows as the same order of time per megabyte for both.
 */
import { readSubtitleFile } from '../src/features/translation-editor/model/subtitleImport';

const MB = 1_000_000;

function srtOf(cueText: (i: number) => string, bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const s = (n: number) =>
      `00:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')},000`;
    const block = `${i + 1}\n${s(i)} --> ${s(i + 1)}\n${cueText(i)}\n\n`;
    parts.push(block);
    size += block.length;
  }
  return parts.join('');
}

const CASES: { name: string; baseline?: true; text: () => string }[] = [
  {
    name: 'ordinary SRT, 1 MB',
    baseline: true,
    text: () => srtOf((i) => `<i>Line ${i}</i> — a subtitle &amp; its text`, MB),
  },
  {
    name: 'one cue of 1 MB of unclosed `{\\`',
    text: () => `1\n00:00:01,000 --> 00:00:02,000\n${'{\\'.repeat(MB / 2)}\n`,
  },
  {
    name: 'one cue of 1 MB of unclosed `<a `',
    text: () => `1\n00:00:01,000 --> 00:00:02,000\n${'<a '.repeat(MB / 3)}\n`,
  },
  {
    name: 'WebVTT: one cue of 1 MB of `<a ` (every `<` a tag)',
    text: () => `WEBVTT\n\n00:01.000 --> 00:02.000\n${'<a '.repeat(MB / 3)}\n`,
  },
  {
    // The most elements a byte can hold: what bounds a TTML read within the import's 10 MB (read in a worker).
    name: 'TTML: 1 MB of `<br/>` in one paragraph',
    text: () =>
      `<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s">${'<br/>'.repeat(MB / 5)}x</p></div></body></tt>`,
  },
];

interface Row {
  name: string;
  baseline: boolean;
  bytes: number;
  medianMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(): Promise<{ data: Row[]; markdown: string }> {
  const rows: Row[] = [];
  for (const c of CASES) {
    const text = c.text();
    const bytes = new TextEncoder().encode(text);
    const name = c.name.startsWith('WebVTT') ? 'bench.vtt' : 'bench.srt';
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      readSubtitleFile(bytes, name);
      times.push(performance.now() - t);
    }
    rows.push({ name: c.name, baseline: Boolean(c.baseline), bytes: bytes.length, medianMs: median(times) });
    console.log(`subtitles: ${c.name}: ${median(times).toFixed(1)} ms`);
  }
  const markdown = [
    '## Subtitle import (reading a file in the browser’s code)',
    '',
    'Median of 7 reads (bytes → encoding → cues) on Node; the ordinary file is the baseline.',
    '',
    '| file | bytes | median ms | ms per MB |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name}${r.baseline ? ' (baseline)' : ''} | ${r.bytes} | ${r.medianMs.toFixed(1)} | ${((r.medianMs * MB) / r.bytes).toFixed(1)} |`,
    ),
    '',
  ].join('\n');
  return Promise.resolve({ data: rows, markdown });
}
