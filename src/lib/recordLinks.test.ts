import { describe, expect, it } from 'vitest';
import { recordLinks, resolveRecordLink } from './recordLinks';

const origin = 'http://console.test';

describe('record links', () => {
  it('fills :workRequest and opens this app’s routes in the app (any host for a work request)', () => {
    const links = recordLinks(
      {
        view: '//mws.example.com/work-requests/:workRequest',
        translate: 'https://mws.example.com/work-requests/:workRequest/translation',
        invite: '//mws.example.com/invite/:code',
        elsewhere: 'https://vendor.example.com/orders/:workRequest',
        empty: '',
        odd: 42,
      },
      { fill: { ':workRequest': 'abc123' }, origin, appRoutesOnAnyHost: true },
    );
    expect(links).toEqual([
      { key: 'view', to: '/work-requests/abc123' },
      { key: 'translate', to: '/work-requests/abc123/translation' },
      { key: 'elsewhere', href: 'https://vendor.example.com/orders/abc123' },
    ]);
  });
  it('never yields a URL still holding a placeholder, in any spelling', () => {
    const ctx = { fill: {}, origin };
    for (const t of ['/invite/:code', '//other.test/invite/:code', 'https://x.test/a/{id}', 'https://x.test/a?i=:code'])
      expect(resolveRecordLink('k', t, ctx), t).toBeUndefined();
    expect(resolveRecordLink('k', 'https://x.test/a/%7Bid%7D', ctx)).toBeUndefined();
  });
  it('leaves out this host’s paths that are no page, and what is not http(s)', () => {
    const ctx = { fill: { ':share': 's1' }, origin };
    expect(resolveRecordLink('playlist', '/shares/:share/playlist', ctx)).toBeUndefined();
    expect(resolveRecordLink('x', 'javascript:alert(1)', ctx)).toBeUndefined();
    expect(resolveRecordLink('x', 'data:text/html,hi', ctx)).toBeUndefined();
    expect(resolveRecordLink('x', '//mws.example.com/work-requests/1', ctx)).toEqual({
      key: 'x',
      href: 'http://mws.example.com/work-requests/1',
    });
    expect(resolveRecordLink('x', '/shares/:share', ctx)).toEqual({ key: 'x', to: '/shares/s1' });
  });
});
