/**
 * Measures the translations' half of a move into and out of review (not a test):
 *
 *   node --import tsx bench/reviewMove.ts [--lines 3000] [--database-url postgres://…/some_db]
 *
 * A work request whose dialogue and graphics translations hold `--lines` lines each (the 90-minute feature: 3,000)
 * is moved in-progress -> for-review -> in-progress … 40 times; each move is `syncTranslations` in a transaction
 * (both translations submitted, then opened again). Prints the median and p90 per move. SQLite in a temp directory,
 * or the given PostgreSQL database (its tables are made if missing; the rows are left there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../server/storage/openStore';
import { syncTranslations } from '../server/domain/workRequests';
import { lineStats, summarize } from '../server/domain/translations';
import type { TranslationDoc, WorkRequestDoc } from '../server/domain/types';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const lineCount = Number(option('lines') ?? 3000);
const databaseUrl = option('database-url');
const dir = mkdtempSync(join(tmpdir(), 'mws-review-move-'));
const { store } = await openStore({ databaseUrl, dbFile: join(dir, 'bench.sqlite'), bus: false });

const lines = Array.from({ length: lineCount }, (_, i) => ({
  start: i * 1000,
  end: i * 1000 + 900,
  text: `Line ${i} of the feature, as somebody says it`,
}));
const translation = (kind: string) =>
  store.insert<TranslationDoc>('Translations', {
    workRequest: 'bench',
    language: 'fr-FR',
    status: 'incomplete',
    approval: false,
    kind,
    lines,
    ...lineStats(lines),
  });
const dialogue = (await translation('dialogue')).doc;
const graphics = (await translation('graphics')).doc;
let wr = {
  _id: 'bench',
  status: 'in-progress',
  translation: dialogue._id,
  graphicsTranslation: graphics._id,
  translationSummary: summarize(dialogue),
  graphicsTranslationSummary: summarize(graphics),
} as WorkRequestDoc;

const times: number[] = [];
for (let i = 0; i <= 40; i++) {
  const [from, to] = i % 2 === 0 ? ['in-progress', 'for-review'] : ['for-review', 'in-progress'];
  const started = performance.now();
  const current = wr;
  wr = await store.transaction((tx) => syncTranslations(tx, current, from, to));
  if (i > 0) times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
console.log(
  `${databaseUrl ? 'PostgreSQL' : 'SQLite'}, 2 translations of ${lineCount} lines: ` +
    `median ${at(0.5)} ms, p90 ${at(0.9)} ms per move (${times.length} moves)`,
);
await store.close();
rmSync(dir, { recursive: true, force: true });
