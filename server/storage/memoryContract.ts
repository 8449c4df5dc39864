/**
 * The translation memory's part of the store contract (memory.ts): storeContract.ts runs these cases against
 * every store.
 */
import { describe, expect, it } from 'vitest';
import type { AsyncStore } from './store';
import type { MemoryScope, MemorySegment } from './memory';
import { exactKey, fuzzyText } from '../domain/memoryText';

const FR: MemoryScope = { studio: 'a'.repeat(24), source: 'en', target: 'fr-FR' };
const OTHER_STUDIO: MemoryScope = { ...FR, studio: 'b'.repeat(24) };
const DE: MemoryScope = { ...FR, target: 'de-DE' };

function segment(
  scope: MemoryScope,
  original: string,
  text: string,
  translation: string,
  approved = 100,
): MemorySegment {
  return {
    ...scope,
    original,
    text,
    key: exactKey(original),
    fuzzy: fuzzyText(original),
    translation,
    workRequest: 'c'.repeat(24),
    approved,
  };
}

/** The cases, in the store contract's `describe` (storeContract.ts), with its factory of empty stores. */
export function describeMemoryCases(store: () => Promise<AsyncStore>): void {
  describe('the translation memory', () => {
    it('answers exact keys of one scope only, newest approval first, in one call for many keys', async () => {
      const s = await store();
      await s.memory.replace('t1', [
        segment(FR, 'Run!', 'Cours !', 't1', 100),
        segment(FR, 'Where is the key?', 'Où est la clé ?', 't1', 100),
      ]);
      await s.memory.replace('t2', [segment(FR, 'Run!', 'Fuis !', 't2', 200)]);
      await s.memory.replace('t3', [
        segment(OTHER_STUDIO, 'Run!', 'Secret !', 't3'),
        segment(DE, 'Run!', 'Lauf!', 't3'),
      ]);
      const found = await s.memory.exact(FR, [exactKey('Run!'), exactKey('Where is the key?'), exactKey('Nothing')]);
      expect(found.map((m) => m.text)).toEqual(['Fuis !', 'Où est la clé ?', 'Cours !']);
      expect(found[0]).toMatchObject({
        ...FR,
        original: 'Run!',
        translation: 't2',
        workRequest: 'c'.repeat(24),
        approved: 200,
      });
      expect(await s.memory.exact(FR, [])).toEqual([]);
      expect(await s.memory.count()).toBe(5);
    });

    it('replaces the segments of a translation, inside a transaction and rolled back with it', async () => {
      const s = await store();
      await s.memory.replace('t1', [segment(FR, 'Run!', 'Cours !', 't1')]);
      await s.memory.replace('t1', [segment(FR, 'Stop!', 'Arrête !', 't1')]);
      expect((await s.memory.exact(FR, [exactKey('Run!'), exactKey('Stop!')])).map((m) => m.text)).toEqual([
        'Arrête !',
      ]);
      await expect(
        s.transaction(async (tx) => {
          await tx.memory.replace('t1', []);
          expect(await tx.memory.count()).toBe(0);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await s.memory.count()).toBe(1);
      await s.transaction((tx) => tx.memory.replace('t1', []));
      expect(await s.memory.count()).toBe(0);
    });

    it('finds originals of the scope sharing trigrams, through the index', async () => {
      const s = await store();
      await s.memory.replace('t1', [
        segment(FR, 'We have to leave before the storm hits.', 'Il faut partir avant la tempête.', 't1'),
        segment(FR, 'Completely unrelated words here.', 'Rien à voir.', 't1'),
        segment(FR, 'We have to leave now.', 'Il faut partir.', 't1'),
      ]);
      await s.memory.replace('t2', [segment(OTHER_STUDIO, 'We have to leave before the storm hits!', 'Secret', 't2')]);
      const found = await s.memory.similar(FR, fuzzyText('We have to leave before the storm comes.'), 10);
      // Candidates (the domain measures them): the near one among them, never another scope's.
      expect(found.map((m) => m.text)).toContain('Il faut partir avant la tempête.');
      expect(found.map((m) => m.text)).not.toContain('Secret');
      expect(found.length).toBeLessThanOrEqual(10);
      expect(await s.memory.similar(FR, 'ab', 10)).toEqual([]);
      // Text is never query syntax.
      expect(await s.memory.similar(FR, '" OR "we" NEAR(*', 10)).toEqual(expect.any(Array));
    });
  });
}
