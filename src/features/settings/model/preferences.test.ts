import { describe, expect, it } from 'vitest';
import {
  draftFromUser,
  frequencyKey,
  frequencyLabel,
  isDirty,
  preferencesFromDraft,
  readFrequency,
  toggleMuted,
  validateDraft,
} from './preferences';

const stored = {
  blacklist: { projects: ['p1', { _id: 'p2', name: 'Old' }, 42], extra: true },
  ingest: { maxUploads: 3, skipScratchPreview: false, chunkSize: 8 },
  mail: {
    enabled: true,
    projects: 0,
    assets: 3600,
    files: 86400,
    ingest: 604800,
    offline_comments: -1,
    shares: 1800,
    work_requests: 'daily',
    digestHour: 7,
  },
  theme: 'dark',
};

describe('preference mapping', () => {
  it('reads frequencies, keeping unknown values', () => {
    const d = draftFromUser('Ana', stored);
    expect(d.mail.projects).toEqual({ kind: 'seconds', value: 0 });
    expect(d.mail.shares).toEqual({ kind: 'seconds', value: 1800 });
    expect(d.mail.work_requests).toEqual({ kind: 'other', raw: 'daily' });
    expect(d.mail.workflow).toEqual({ kind: 'unset' });
    expect(d.muted.map((m) => m.id)).toEqual(['p1', 'p2', undefined]);
    expect(d.maxUploads).toBe('3');
  });

  it('labels the standard values and custom ones', () => {
    expect(frequencyLabel(readFrequency(0))).toBe('Immediately');
    expect(frequencyLabel(readFrequency(3600))).toBe('Hourly');
    expect(frequencyLabel(readFrequency(86400))).toBe('Daily');
    expect(frequencyLabel(readFrequency(604800))).toBe('Weekly');
    expect(frequencyLabel(readFrequency(-1))).toBe('Off');
    expect(frequencyLabel(readFrequency(1800))).toBe('Every 30 minutes (custom)');
    expect(frequencyLabel(readFrequency(7200))).toBe('Every 2 hours (custom)');
    expect(frequencyLabel(readFrequency(60))).toBe('Every minute (custom)');
    expect(frequencyLabel(readFrequency(undefined))).toMatch(/Not set/);
    expect(frequencyLabel(readFrequency('daily'))).toMatch(/"daily"/);
    expect(frequencyKey(readFrequency(1800))).toBe('1800');
  });

  it('writes back the whole object with unknown keys and values kept', () => {
    const d = draftFromUser('Ana', stored);
    const out = preferencesFromDraft(stored, d);
    expect(out).toEqual(stored);
  });

  it('changes only what was edited', () => {
    const d = draftFromUser('Ana', stored);
    const edited = {
      ...d,
      mailEnabled: false,
      mail: { ...d.mail, assets: readFrequency(-1) },
      maxUploads: '5',
      muted: toggleMuted(d.muted, 'p3', true),
    };
    const out = preferencesFromDraft(stored, edited) as typeof stored;
    expect(out.mail).toEqual({ ...stored.mail, enabled: false, assets: -1 });
    expect(out.ingest).toEqual({ ...stored.ingest, maxUploads: 5 });
    expect(out.blacklist).toEqual({ projects: ['p1', { _id: 'p2', name: 'Old' }, 42, 'p3'], extra: true });
    expect(out.theme).toBe('dark');
    const unmuted = preferencesFromDraft(stored, { ...d, muted: toggleMuted(d.muted, 'p2', false) }) as typeof stored;
    expect(unmuted.blacklist.projects).toEqual(['p1', 42]);
  });

  it('starts from nothing', () => {
    const d = draftFromUser(undefined, undefined);
    expect(d.mailEnabled).toBe(true);
    expect(preferencesFromDraft(undefined, d)).toEqual({
      mail: { enabled: true },
      ingest: { skipScratchPreview: false },
      blacklist: { projects: [] },
    });
  });

  it('validates name and uploads', () => {
    const d = draftFromUser('Ana', stored);
    expect(validateDraft(d)).toEqual({});
    expect(validateDraft({ ...d, name: '  ' }).name).toBe('Enter your name.');
    expect(validateDraft({ ...d, maxUploads: '2.5' }).maxUploads).toBe('Enter a whole number.');
    expect(validateDraft({ ...d, maxUploads: '0' }).maxUploads).toMatch(/1 to 20/);
    expect(validateDraft({ ...d, maxUploads: '' })).toEqual({});
    expect(isDirty(d, { ...d })).toBe(false);
    expect(isDirty(d, { ...d, name: 'B' })).toBe(true);
  });
});
