import { describe, expect, it } from 'vitest';
import { emptyDraft, type OrderDraft } from './draft';
import { expandQueue, hasPair, queueBatch, rowErrorsFromServer, rowKey, type OrderQueue } from './queue';

const NOW = Date.UTC(2026, 10, 23, 12, 0);
const ctx = { now: NOW, languages: new Set(['fr-FR', 'de-DE']), territories: new Set(['FR', 'DE', 'CH']) };
const A = { id: 'a'.repeat(24), name: 'Trailer A' };
const B = { id: 'b'.repeat(24), name: 'Trailer B' };

function shared(over: Partial<OrderDraft> = {}): OrderDraft {
  return {
    ...emptyDraft('Europe/Paris'),
    dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
    uses: ['online'],
    transcodes: { online: ['1080p'] },
    dueDate: '2026-12-01',
    dueTime: '18:00',
    instructions: 'Keep the title in English.',
    ...over,
  };
}

function queue(over: Partial<OrderQueue> = {}): OrderQueue {
  return {
    project: 'p',
    assets: [A, B],
    pairs: [
      { language: 'fr-FR', territory: 'FR' },
      { language: 'de-DE', territory: 'CH' },
    ],
    shared: shared(),
    overrides: {},
    removed: [],
    ...over,
  };
}

describe('expandQueue', () => {
  it('lays out every asset × every pair, asset by asset, with the shared due date', () => {
    const rows = expandQueue(queue());
    expect(rows.map((r) => [r.asset.name, r.language, r.territory])).toEqual([
      ['Trailer A', 'fr-FR', 'FR'],
      ['Trailer A', 'de-DE', 'CH'],
      ['Trailer B', 'fr-FR', 'FR'],
      ['Trailer B', 'de-DE', 'CH'],
    ]);
    expect(rows.every((r) => r.dueDate === '2026-12-01' && !r.overridden)).toBe(true);
  });

  it("puts each row's due date in its territory's own zone, unless every row shares one moment", () => {
    const zoned = queue({
      pairs: [
        { language: 'fr-FR', territory: 'FR', zone: 'Europe/Paris' },
        { language: 'de-DE', territory: 'CH' },
      ],
      shared: shared({ zone: 'Asia/Tokyo' }),
    });
    // A pair without a zone of its own takes the shared one.
    expect(expandQueue(zoned).map((r) => [r.territory, r.zone])).toEqual([
      ['FR', 'Europe/Paris'],
      ['CH', 'Asia/Tokyo'],
      ['FR', 'Europe/Paris'],
      ['CH', 'Asia/Tokyo'],
    ]);
    const check = queueBatch(zoned, ctx);
    expect(check.orders?.map((o) => o.due.tz)).toEqual(['Europe/Paris', 'Asia/Tokyo', 'Europe/Paris', 'Asia/Tokyo']);
    // 18:00 in Paris and 18:00 in Tokyo: the same wall clock, eight hours apart.
    expect(check.orders![1]!.due.date - check.orders![0]!.due.date).toBe(-8 * 3600);
    const oneMoment = expandQueue({ ...zoned, localTimes: false });
    expect(oneMoment.every((r) => r.zone === 'Asia/Tokyo')).toBe(true);
  });

  it('leaves the removed rows out and gives a row its own due date', () => {
    const removed = rowKey(A.id, { language: 'de-DE', territory: 'CH' });
    const own = rowKey(B.id, { language: 'fr-FR', territory: 'FR' });
    const rows = expandQueue(
      queue({ removed: [removed], overrides: { [own]: { dueDate: '2026-12-05', dueTime: '09:00' } } }),
    );
    expect(rows.map((r) => r.key)).not.toContain(removed);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.key === own)).toMatchObject({
      dueDate: '2026-12-05',
      dueTime: '09:00',
      overridden: true,
    });
  });

  it('no assets or no pairs: no rows', () => {
    expect(expandQueue(queue({ assets: [] }))).toEqual([]);
    expect(expandQueue(queue({ pairs: [] }))).toEqual([]);
  });

  it('hasPair compares language and territory', () => {
    expect(hasPair(queue().pairs, { language: 'de-DE', territory: 'CH' })).toBe(true);
    expect(hasPair(queue().pairs, { language: 'de-DE', territory: 'DE' })).toBe(false);
  });
});

describe('queueBatch', () => {
  it('builds one body per row with the shared fields, in the rows’ order', () => {
    const own = rowKey(B.id, { language: 'fr-FR', territory: 'FR' });
    const check = queueBatch(queue({ overrides: { [own]: { dueDate: '2026-12-05', dueTime: '09:00' } } }), ctx);
    expect(check.empty).toBeUndefined();
    expect(check.orders).toHaveLength(4);
    expect(check.orders!.map((o) => [o.asset, o.language, o.territory])).toEqual(
      check.rows.map((r) => [r.asset.id, r.language, r.territory]),
    );
    expect(check.orders![0]).toMatchObject({ instructions: 'Keep the title in English.', due: { tz: 'Europe/Paris' } });
    expect(check.orders![2]!.due.date).toBeGreaterThan(check.orders![0]!.due.date);
  });

  it('a shared field wrong: its message at the shared field, no bodies', () => {
    const check = queueBatch(queue({ shared: shared({ dng: { dialogue: [], narration: [], graphics: [] } }) }), ctx);
    expect(check.orders).toBeUndefined();
    expect(check.shared.dng).toMatch(/at least one treatment/);
    const past = queueBatch(queue({ shared: shared({ dueDate: '2020-01-01' }) }), ctx);
    expect(past.shared.due).toMatch(/in the past/);
    expect(past.byRow).toEqual({});
  });

  it('a row’s own due date wrong: its message on that row only', () => {
    const own = rowKey(A.id, { language: 'fr-FR', territory: 'FR' });
    const check = queueBatch(queue({ overrides: { [own]: { dueDate: '2020-01-01', dueTime: '09:00' } } }), ctx);
    expect(check.orders).toBeUndefined();
    expect(Object.keys(check.byRow)).toEqual([own]);
    expect(check.shared).toEqual({});
  });

  it('says what is missing when there is nothing to place', () => {
    expect(queueBatch(queue({ assets: [] }), ctx).empty).toBe('Choose at least one asset.');
    expect(queueBatch(queue({ pairs: [] }), ctx).empty).toBe('Add at least one language and territory.');
    const all = expandQueue(queue()).map((r) => r.key);
    expect(queueBatch(queue({ removed: all }), ctx).empty).toMatch(/Every row is taken out/);
  });
});

describe('rowErrorsFromServer', () => {
  it('puts orders.<i>.<field> on row i, the rest on the queue', () => {
    const rows = expandQueue(queue());
    const { byRow, other } = rowErrorsFromServer(rows, [
      { path: 'orders.1.language', message: 'no language with the code de-DE' },
      { path: 'orders.3', message: 'the same asset, language and territory as orders.0' },
      { path: 'orders', message: 'expected at least one order' },
    ]);
    expect(byRow[rows[1]!.key]).toEqual({ language: 'No language with the code de-DE' });
    expect(byRow[rows[3]!.key]).toEqual({ form: 'The same asset, language and territory as orders.0' });
    expect(other).toEqual(['expected at least one order']);
  });
});
