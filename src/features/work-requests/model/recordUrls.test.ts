import { describe, expect, it } from 'vitest';
import { resolveRecordUrls } from './recordUrls';

describe('resolveRecordUrls', () => {
  it('fills :workRequest and turns our routes into in-app links', () => {
    const resolved = resolveRecordUrls(
      {
        view: '//mws.example.com/work-requests/:workRequest',
        translate: 'https://mws.example.com/work-requests/:workRequest/translation',
        invite: '//mws.example.com/invite/:code',
        elsewhere: 'https://vendor.example.com/orders/:workRequest',
      },
      'abc123',
    );
    expect(resolved).toEqual([
      {
        key: 'view',
        template: '//mws.example.com/work-requests/:workRequest',
        to: '/work-requests/abc123',
        note: undefined,
      },
      {
        key: 'translate',
        template: 'https://mws.example.com/work-requests/:workRequest/translation',
        to: '/work-requests/abc123/translation',
        note: undefined,
      },
      {
        key: 'invite',
        template: '//mws.example.com/invite/:code',
        to: undefined,
        note: expect.stringContaining(':code'),
      },
      {
        key: 'elsewhere',
        template: 'https://vendor.example.com/orders/:workRequest',
        to: undefined,
        note: 'Not a page of this app.',
      },
    ]);
  });
  it('skips empty and non-string values', () => {
    expect(resolveRecordUrls({ view: '', manage: 42 }, 'x')).toEqual([]);
    expect(resolveRecordUrls(undefined, 'x')).toEqual([]);
  });
});
