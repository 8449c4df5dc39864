import { describe, expect, it } from 'vitest';
import {
  addItem,
  checkAll,
  checkStep,
  emptyDraft,
  fieldErrorsFromServer,
  firstStepWithError,
  serverProblems,
  stepsFor,
  toOrderInput,
  type OrderDraft,
  withTerritory,
} from './draft';

const NOW = Date.UTC(2026, 10, 23, 12, 0);
const ctx = { now: NOW, languages: new Set(['fr-FR', 'fr-CA']), territories: new Set(['FR', 'CA']) };

function complete(over: Partial<OrderDraft> = {}): OrderDraft {
  return {
    ...emptyDraft('Europe/Paris', 'asset1'),
    language: 'fr-FR',
    territory: 'FR',
    dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
    uses: ['online'],
    transcodes: { online: ['1080p'] },
    dueDate: '2026-12-01',
    dueTime: '18:00',
    ...over,
  };
}

describe('the order wizard’s checks', () => {
  it('passes a complete draft on every step', () => {
    expect(checkAll(stepsFor(true), complete(), ctx)).toEqual({});
  });

  it('asks for each required choice at its field', () => {
    const errors = checkAll(stepsFor(true), emptyDraft('Europe/Paris'), ctx);
    expect(errors.asset).toBe('Choose the asset to localize.');
    expect(errors.language).toBe('Choose a language.');
    expect(errors.territory).toBe('Choose a territory.');
    expect(errors.dng).toMatch(/at least one treatment/);
    expect(errors.uses).toMatch(/where the localized version will be used/);
    expect(errors.due).toMatch(/date and the time/);
    expect(firstStepWithError(stepsFor(true), errors)).toBe('asset');
  });

  it('refuses a language or territory that does not exist', () => {
    const errors = checkStep('language', complete({ language: 'xx-XX', territory: 'ZZ' }), ctx);
    expect(errors.language).toMatch(/no language with the code xx-XX/);
    expect(errors.territory).toMatch(/no territory ZZ/);
  });

  it('asks a transcode for each use chosen', () => {
    const errors = checkStep('uses', complete({ uses: ['online', 'broadcast'], transcodes: { online: ['4K'] } }), ctx);
    expect(errors.uses).toBe('Choose at least one transcode for Broadcast.');
  });

  it('refuses a due date in the past, an unknown zone and a deadline before the due date', () => {
    expect(checkStep('due', complete({ dueDate: '2026-11-01' }), ctx).due).toMatch(/in the past/);
    expect(checkStep('due', complete({ zone: 'Mars/Olympus' }), ctx).due).toMatch(/not a time zone/);
    expect(checkStep('due', complete({ dueDate: '2026-02-30' }), ctx).due).toMatch(/not a real date/);
    expect(
      checkStep('due', complete({ deadlineDate: '2026-11-30', deadlineTime: '10:00' }), ctx).deliveryDeadline,
    ).toMatch(/before the due date/);
    expect(checkStep('due', complete({ deadlineDate: '2026-12-03' }), ctx).deliveryDeadline).toMatch(/both/);
  });

  it('limits instructions, tags and materials as the contract does', () => {
    const errors = checkStep(
      'instructions',
      complete({ instructions: 'x'.repeat(20_001), tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }),
      ctx,
    );
    expect(errors.instructions).toMatch(/at most 20,000 characters/);
    expect(errors.tags).toBe('At most 30 tags.');
  });

  it('adds tags and materials trimmed, once, within their length', () => {
    expect(addItem(['rush'], '  festival ', 50)).toEqual({ list: ['rush', 'festival'] });
    expect(addItem(['rush'], 'RUSH', 50).error).toMatch(/already in the list/);
    expect(addItem([], '   ', 50).error).toBe('Type something to add.');
    expect(addItem([], 'x'.repeat(51), 50).error).toBe('At most 50 characters.');
  });

  it('offers the translator step only to those who may assign', () => {
    expect(stepsFor(false)).not.toContain('translator');
    expect(stepsFor(true)).toContain('translator');
  });
});

describe('building the order', () => {
  it('sends the due date as the instant of the wall clock in its zone, with the zone', () => {
    const body = toOrderInput(
      complete({ deadlineDate: '2026-12-02', deadlineTime: '09:00', tags: ['rush'], materials: ['M&E stems'] }),
      ctx,
    );
    expect(body).toEqual({
      asset: 'asset1',
      language: 'fr-FR',
      territory: 'FR',
      dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
      due: { date: Date.UTC(2026, 11, 1, 17, 0) / 1000, tz: 'Europe/Paris' },
      deliveryDeadline: { date: Date.UTC(2026, 11, 2, 8, 0) / 1000, tz: 'Europe/Paris' },
      uses: { items: ['online'], details: { online: [{ value: '1080p', ship: true }] } },
      tags: ['rush'],
      materials: [{ name: 'M&E stems' }],
    });
  });

  it('leaves out what was not given and keeps instructions as typed', () => {
    const body = toOrderInput(complete({ instructions: '<b>Keep</b> names\n', assignee: 'u1' }), ctx);
    expect(body?.instructions).toBe('<b>Keep</b> names\n');
    expect(body?.assignee).toBe('u1');
    expect(body).not.toHaveProperty('tags');
    expect(body).not.toHaveProperty('deliveryDeadline');
  });

  it('builds nothing from a draft whose dates do not pass', () => {
    expect(toOrderInput(complete({ dueDate: '2020-01-01' }), ctx)).toBeUndefined();
  });
});

describe('the server’s 400 at the fields', () => {
  it('maps each problem’s path to its field and the rest to the review step', () => {
    const problems = serverProblems([
      { path: 'due.tz', message: 'expected a time zone name such as Europe/Paris' },
      { path: 'language', message: 'no language with the code xx-XX' },
      { path: 'tags.3', message: 'too long' },
      { path: 'recipients', message: 'unknown field' },
      'not a problem',
    ]);
    const errors = fieldErrorsFromServer(problems, true);
    expect(errors).toEqual({
      due: 'Expected a time zone name such as Europe/Paris',
      language: 'No language with the code xx-XX',
      tags: 'Too long',
      form: 'Unknown field',
    });
    expect(firstStepWithError(stepsFor(true), errors)).toBe('language');
  });

  it('shows an assignee problem on the review step to someone without the translator step', () => {
    expect(fieldErrorsFromServer([{ path: 'assignee', message: 'not allowed' }], false)).toEqual({
      form: 'Not allowed',
    });
  });
});

describe('withTerritory', () => {
  it("takes the territory's zone unless the person chose one", () => {
    const fresh = emptyDraft('UTC');
    expect(withTerritory(fresh, 'FR', 'Europe/Paris')).toMatchObject({
      territory: 'FR',
      zone: 'Europe/Paris',
      zoneSource: 'territory',
    });
    expect(withTerritory(fresh, 'US', undefined)).toMatchObject({ territory: 'US', zone: 'UTC', zoneSource: 'viewer' });
    const chosen = { ...fresh, zone: 'America/Toronto', zoneSource: 'person' as const };
    expect(withTerritory(chosen, 'FR', 'Europe/Paris')).toMatchObject({
      zone: 'America/Toronto',
      zoneSource: 'person',
    });
  });
});
