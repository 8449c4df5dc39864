/**
 * Writes the expected cues of the subtitle corpus (test/fixtures/subtitles/<source>/expected.json), from readers
 * independent of ours, once: run it after adding files (`npm run corpus:expected`), check the diff, commit.
 * Nothing at test time needs these tools.
 *
 * - Text encoding: the file's true encoding (from its source's name for it, see TRUE_ENCODING) converted to UTF-8 by
 *   iconv (glibc), not by our decoder.
 * - WebVTT: webvtt-parser (the W3C validator's parser) with the full HTML entity list.
 * - SRT: ffmpeg (`-f webvtt`), whose WebVTT output is read back with webvtt-parser. ffmpeg keeps a block it
 *   cannot time inside the cue before it and has no notion of position; where it differs from us on purpose, the
 *   difference is declared in KNOWN_DIFFERENCES with the reason, and the corpus test checks that.
 *
 * Expected text is the cue's pieces written plainly: <b>, <i>, <u> as tags, every other tag dropped with its content
 * kept, characters as they are (no escaping), rows trimmed at the end, empty rows dropped (a file cannot hold them).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { WebVTTParser } = require('webvtt-parser') as {
  WebVTTParser: new (entities?: Record<string, string>) => { parse(text: string, mode: string): VttResult };
};
const entities = require('webvtt-parser/html-entities.json') as Record<string, string>;
const webvttVersion = (require('webvtt-parser/package.json') as { version: string }).version;

interface VttNode {
  type: 'text' | 'object' | 'timestamp';
  name?: string;
  value?: string;
  children?: VttNode[];
}
interface VttCue {
  startTime: number;
  endTime: number;
  linePosition: number | 'auto';
  snapToLines: boolean;
  tree: { children: VttNode[] };
}
interface VttResult {
  cues: VttCue[];
  errors: { message: string; line: number }[];
}

export interface ExpectedCue {
  startMs: number;
  stopMs: number;
  text: string;
  position?: 'top' | 'bottom';
}

export interface ExpectedFile {
  reference: string;
  /** The file's encoding (a WHATWG label). */
  encoding: string;
  /** Set when detection cannot know it (a translator picks it in the preview): the test reads with it. */
  choose?: string;
  /** The reference rejected the whole file. */
  error?: string;
  cues: ExpectedCue[];
}

const ROOT = path.resolve('test/fixtures/subtitles');

/** Encodings the sources name for their files; every other file is UTF-8 (with or without a byte order mark). */
const TRUE_ENCODING: Record<string, { whatwg: string; iconv: string; choose?: boolean }> = {
  'subtitleedit/auto_detect_windows-1250.srt': { whatwg: 'windows-1250', iconv: 'WINDOWS-1250' },
  'subtitleedit/auto_detect_windows-1251.srt': { whatwg: 'windows-1251', iconv: 'WINDOWS-1251' },
  'cdown-srt/gb2312.srt': { whatwg: 'gbk', iconv: 'GB2312', choose: true },
};

function tidyRows(text: string): string {
  const rows = text
    .split('\n')
    .map((row) => row.replace(/[ \t]+$/, ''))
    .filter((row) => row !== '');
  return rows.join('\n').replace(/^[ \t]+/, '');
}

function render(nodes: readonly VttNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.value ?? '';
    else if (node.type === 'object') {
      const inner = render(node.children ?? []);
      out +=
        node.name === 'b' || node.name === 'i' || node.name === 'u' ? `<${node.name}>${inner}</${node.name}>` : inner;
    }
  }
  return out;
}

function positionOf(cue: VttCue): 'top' | 'bottom' {
  if (cue.linePosition === 'auto') return 'bottom';
  if (!cue.snapToLines) return cue.linePosition <= 20 ? 'top' : 'bottom';
  return cue.linePosition >= 0 && cue.linePosition <= 3 ? 'top' : 'bottom';
}

function readVtt(text: string, withPosition: boolean): { cues: ExpectedCue[]; error?: string } {
  const result = new WebVTTParser(entities).parse(text, 'metadata');
  const fatal = result.errors.find((e) => /signature|WEBVTT/i.test(e.message) && e.line === 1);
  if (fatal && result.cues.length === 0) return { cues: [], error: fatal.message };
  return {
    cues: result.cues.map((cue) => ({
      startMs: Math.round(cue.startTime * 1000),
      stopMs: Math.round(cue.endTime * 1000),
      text: tidyRows(render(cue.tree.children)),
      ...(withPosition ? { position: positionOf(cue) } : {}),
    })),
  };
}

function utf8Of(file: string, iconv: string | undefined): string {
  if (!iconv) return fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  return execFileSync('iconv', ['-f', iconv, '-t', 'UTF-8', file], { encoding: 'utf8' }).replace(/^\uFEFF/, '');
}

function ffmpegVersion(): string {
  return execFileSync('ffmpeg', ['-version'], { encoding: 'utf8' }).split('\n')[0]!.split(' ')[2]!;
}

function expectedFor(source: string, name: string): ExpectedFile {
  const file = path.join(ROOT, source, name);
  const truth = TRUE_ENCODING[`${source}/${name}`];
  const encoding = truth?.whatwg ?? 'utf-8';
  const choose = truth?.choose ? { choose: encoding } : {};
  const text = utf8Of(file, truth?.iconv);
  if (name.endsWith('.vtt')) {
    return { reference: `webvtt-parser ${webvttVersion}`, encoding, ...choose, ...readVtt(text, true) };
  }
  const tmp = path.join(fs.mkdtempSync('/tmp/corpus-'), 'in.srt');
  fs.writeFileSync(tmp, text);
  const reference = `ffmpeg ${ffmpegVersion()} -f webvtt, read back by webvtt-parser ${webvttVersion}`;
  try {
    const vtt = execFileSync('ffmpeg', ['-v', 'error', '-i', tmp, '-f', 'webvtt', '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { reference, encoding, ...choose, ...readVtt(vtt, false) };
  } catch (e) {
    const message = e instanceof Error && 'stderr' in e ? String((e as { stderr: unknown }).stderr).trim() : String(e);
    return { reference, encoding, ...choose, error: message.replaceAll(tmp, name) || 'ffmpeg failed', cues: [] };
  } finally {
    fs.rmSync(path.dirname(tmp), { recursive: true, force: true });
  }
}

function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), rel);
    return /\.(srt|vtt)$/.test(entry.name) ? [rel] : [];
  });
}

for (const source of fs.readdirSync(ROOT, { withFileTypes: true }).filter((e) => e.isDirectory())) {
  const expected: Record<string, ExpectedFile> = {};
  for (const name of filesUnder(path.join(ROOT, source.name)).sort()) expected[name] = expectedFor(source.name, name);
  fs.writeFileSync(path.join(ROOT, source.name, 'expected.json'), `${JSON.stringify(expected, null, 1)}\n`);
  console.log(`${source.name}: ${Object.keys(expected).length} files`);
}
