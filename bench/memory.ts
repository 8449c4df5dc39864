/**
 * Translation memory (docs/API.md, "Translation memory"): lookups on 100,000 stored segments of one studio's
 * language pair (and 20,000 of another scope beside them), on each store, through the domain's `lookUp` as the
 * route runs it:
 * - the exact lookup of a 3,000-line translation (one request: 3,000 originals, half of them remembered),
 * - single-line lookups of a line with a similar original remembered (one word changed): exact only, and with
 *   similar matches (the trigram index's candidates, measured in the domain).
 * The segments are sentences of 6–14 words drawn from a 2,000-word vocabulary by a seeded generator, so every
 * run stores the same ones. PostgreSQL runs on a throwaway database when it is reachable (else it says so).
 *
 *   npm run bench -- --only memory
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { Rng } from '../server/seed/random';
import { SqliteStore } from '../server/storage/sqlite/sqliteStore';
import { PostgresStore } from '../server/storage/postgres/postgresStore';
import { postgresReachable, throwawayDatabase } from '../server/storage/postgres/testDatabase';
import type { MemoryScope, MemorySegment } from '../server/storage/memory';
import type { Store } from '../server/storage/store';
import { exactKey, fuzzyText } from '../server/domain/memoryText';
import { lookUp } from '../server/domain/memory';

const SEGMENTS = 100_000;
const OTHER_SCOPE = 20_000;
const LINES = 3_000;
const SINGLE_RUNS = 200;
const SCOPE: MemoryScope = { studio: 'a'.repeat(24), source: 'en', target: 'fr-FR' };
const ELSEWHERE: MemoryScope = { studio: 'b'.repeat(24), source: 'en', target: 'fr-FR' };

function vocabulary(rng: Rng): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: 2000 }, () =>
    Array.from({ length: rng.int(2, 9) }, () => letters[rng.int(0, 25)]).join(''),
  );
}

function sentence(rng: Rng, words: string[]): string {
  const s = Array.from({ length: rng.int(6, 14) }, () => words[rng.int(0, words.length - 1)]).join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

/** The same sentence with one word replaced. */
function alike(rng: Rng, text: string, words: string[]): string {
  const parts = text.slice(0, -1).split(' ');
  parts[rng.int(1, parts.length - 1)] = words[rng.int(0, words.length - 1)]!;
  return `${parts.join(' ')}.`;
}

function segment(scope: MemoryScope, original: string, n: number): MemorySegment {
  return {
    ...scope,
    original,
    text: `fr ${original}`,
    key: exactKey(original),
    fuzzy: fuzzyText(original),
    translation: `t${Math.floor(n / 1000)}`,
    workRequest: 'c'.repeat(24),
    approved: 1_700_000_000 + n,
  };
}

async function fill(store: Store, originals: string[], other: string[]): Promise<number> {
  const started = performance.now();
  for (const [scope, texts, offset] of [
    [SCOPE, originals, 0],
    [ELSEWHERE, other, originals.length],
  ] as const) {
    for (let from = 0; from < texts.length; from += 1000) {
      const chunk = texts.slice(from, from + 1000).map((t, i) => segment(scope, t, offset + from + i));
      await store.memory.replace(chunk[0]!.translation, chunk);
    }
  }
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function timed(runs: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

interface StoreReport {
  store: string;
  fillMs: number;
  exact3000: { p50: number; p95: number; matched: number };
  singleExact: { p50: number; p95: number };
  singleFuzzy: { p50: number; p95: number; found: number };
}

async function measure(name: string, store: Store): Promise<StoreReport> {
  const rng = new Rng(20261123);
  const words = vocabulary(rng);
  const originals = Array.from({ length: SEGMENTS }, () => sentence(rng, words));
  const other = Array.from({ length: OTHER_SCOPE }, () => sentence(rng, words));
  const fillMs = await fill(store, originals, other);
  // A 3,000-line translation: every other line's original is remembered.
  const lines = Array.from({ length: LINES }, (_, i) =>
    i % 2 ? originals[rng.int(0, SEGMENTS - 1)]! : sentence(rng, words),
  );
  let matched = 0;
  const exact3000 = await timed(10, async () => {
    matched = (await lookUp(store.memory, SCOPE, lines, false)).length;
  });
  const probes = Array.from({ length: SINGLE_RUNS }, () => alike(rng, originals[rng.int(0, SEGMENTS - 1)]!, words));
  const singleExact = await timed(SINGLE_RUNS, (i) => lookUp(store.memory, SCOPE, [probes[i]!], false));
  let found = 0;
  const singleFuzzy = await timed(SINGLE_RUNS, async (i) => {
    const [result] = await lookUp(store.memory, SCOPE, [probes[i]!], true);
    if (result?.matches.some((m) => !m.exact)) found++;
  });
  return {
    store: name,
    fillMs,
    exact3000: { ...exact3000, matched },
    singleExact,
    singleFuzzy: { ...singleFuzzy, found },
  };
}

export interface MemoryReport {
  segments: number;
  rows: StoreReport[];
  skipped: string[];
}

export function renderMemory(report: MemoryReport): string {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  return [
    '## Translation memory',
    '',
    `${report.segments.toLocaleString('en')} segments in one studio's language pair (and ${OTHER_SCOPE.toLocaleString('en')} in another scope), sentences of 6–14 words; lookups through the domain (\`lookUp\`) as \`POST /translations/{id}/memory\` runs them, without HTTP. Single-line probes are remembered originals with one word changed (${SINGLE_RUNS} each).`,
    '',
    '| store | 3,000-line exact lookup p50 / p95 (lines matched) | one line, exact only p50 / p95 | one line, exact + similar p50 / p95 (similar found) | storing the segments |',
    '|---|---|---|---|---|',
    ...report.rows.map(
      (r) =>
        `| ${r.store} | ${ms(r.exact3000.p50)} / ${ms(r.exact3000.p95)} (${r.exact3000.matched}) | ${ms(r.singleExact.p50)} / ${ms(r.singleExact.p95)} | ${ms(r.singleFuzzy.p50)} / ${ms(r.singleFuzzy.p95)} (${r.singleFuzzy.found} of ${SINGLE_RUNS}) | ${(r.fillMs / 1000).toFixed(1)} s |`,
    ),
    ...report.skipped.map((s) => `\n${s}`),
    '',
  ].join('\n');
}

export async function run(): Promise<{ data: MemoryReport; markdown: string }> {
  const rows: StoreReport[] = [];
  const skipped: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-memory-'));
  const sqlite = new SqliteStore(path.join(dir, 'mws.db'));
  try {
    rows.push(await measure('SQLite (FTS5 trigram)', sqlite));
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (await postgresReachable()) {
    const db = await throwawayDatabase();
    const pg = await PostgresStore.open(db.url);
    try {
      rows.push(await measure('PostgreSQL (pg_trgm)', pg));
    } finally {
      await pg.close();
      await db.drop();
    }
  } else skipped.push('PostgreSQL was not reachable: its row was NOT measured.');
  const data = { segments: SEGMENTS, rows, skipped };
  return { data, markdown: renderMemory(data) };
}
