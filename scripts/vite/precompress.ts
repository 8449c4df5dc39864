/**
 * A Vite plugin that writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each text file
 * of the build (scripts, styles, index.html, SVG, JSON), once per build, at the highest levels: the server
 * (server/http/staticFiles.ts) sends them by content negotiation and never compresses a static file itself. Files
 * under 1 KiB, source maps (read only by developer tools) and encodings that save less than a tenth are left out.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/i;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes the encoded forms of one file that pay for themselves; answers how many were written. */
export async function precompressFile(file: string): Promise<number> {
  const plain = await fs.readFile(file);
  if (plain.length < MIN_BYTES) return 0;
  const encoded = await Promise.all([
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [suffix, body] of [
    ['.br', encoded[0]],
    ['.gz', encoded[1]],
  ] as const) {
    if (body.length > plain.length * 0.9) continue;
    await fs.writeFile(file + suffix, body);
    written++;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mws-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => TEXT_FILE.test(f));
      await Promise.all(files.map(precompressFile));
    },
  };
}
