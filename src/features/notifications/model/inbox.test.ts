import { describe, expect, it } from 'vitest';
import { WORK_REQUEST_EVENT_TYPES } from '../../../api/schema/eventTypes';
import type { Notification } from '../../../api/schema/notification';
import {
  countIncludes,
  verdictNotesText,
  filtersOfView,
  GENERAL_TYPES,
  matchesFilters,
  notificationTitle,
  paramsOfView,
  tabOfType,
  TABS,
  targetOf,
  unreadPrefix,
  viewFromParams,
  whoOf,
  withUnreadPrefix,
} from './inbox';

describe('tab grouping', () => {
  it('puts work-request events under Orders, embargoes under Embargoes, the rest under General', () => {
    for (const t of ['wam', 'wr-status', 'wr-comment', 'translation-submitted']) expect(tabOfType(t)).toBe('orders');
    expect(tabOfType('embargo')).toBe('embargoes');
    expect(tabOfType('share')).toBe('general');
    expect(tabOfType('something-new')).toBe('general');
    expect(tabOfType(undefined)).toBe('general');
  });
  it('General queries the known types that are neither orders nor embargoes', () => {
    expect(GENERAL_TYPES).toEqual(['share', 'share-feedback']);
    expect(TABS.map((t) => t.id)).toEqual(['orders', 'embargoes', 'general', 'all']);
    expect(TABS.find((t) => t.id === 'all')!.types).toBeUndefined();
  });
  it('a count of some types includes only those; the all-count includes every type', () => {
    expect(countIncludes(['embargo'], 'embargo')).toBe(true);
    expect(countIncludes(['embargo'], 'wam')).toBe(false);
    expect(countIncludes(undefined, 'anything')).toBe(true);
  });
});

describe('filters from the URL', () => {
  it('defaults to Orders with nothing else', () => {
    const view = viewFromParams(new URLSearchParams(''));
    expect(view.tab.id).toBe('orders');
    expect(filtersOfView(view)).toEqual({
      type: [...WORK_REQUEST_EVENT_TYPES],
    });
  });
  it('narrows by type within the tab, searches, and keeps to unread', () => {
    const view = viewFromParams(new URLSearchParams('tab=orders&type=wam&q=%20trailer%20&unread=1'));
    expect(filtersOfView(view)).toEqual({ type: ['wam'], q: 'trailer', read: false });
  });
  it('ignores a type that is not in the tab, and unknown tabs', () => {
    expect(viewFromParams(new URLSearchParams('tab=embargoes&type=wam')).type).toBeUndefined();
    expect(viewFromParams(new URLSearchParams('tab=nope')).tab.id).toBe('orders');
  });
  it('All has no type filter unless one is chosen (any type, even unknown)', () => {
    expect(filtersOfView(viewFromParams(new URLSearchParams('tab=all')))).toEqual({});
    expect(filtersOfView(viewFromParams(new URLSearchParams('tab=all&type=x-new')))).toEqual({ type: ['x-new'] });
  });
  it('round-trips through the URL, leaving defaults out', () => {
    expect(paramsOfView({ tab: 'orders' }).toString()).toBe('');
    expect(paramsOfView({ tab: 'general', q: ' a ', unreadOnly: true }).toString()).toBe('tab=general&q=a&unread=1');
  });
});

describe('matching a live arrival against a list', () => {
  const n: Notification = {
    _id: 'a',
    type: 'wr-status',
    read: false,
    title: 'Ana moved Trailer to In progress',
    emailSubject: 'Status',
  };
  it('checks type, read and q (title or subject, any case)', () => {
    expect(matchesFilters(n, {})).toBe(true);
    expect(matchesFilters(n, { type: ['wam', 'wr-status'] })).toBe(true);
    expect(matchesFilters(n, { type: ['embargo'] })).toBe(false);
    expect(matchesFilters(n, { read: false })).toBe(true);
    expect(matchesFilters(n, { read: true })).toBe(false);
    expect(matchesFilters(n, { q: 'TRAILER' })).toBe(true);
    expect(matchesFilters(n, { q: 'status' })).toBe(true);
    expect(matchesFilters(n, { q: 'poster' })).toBe(false);
  });
});

describe('where a notification leads and who sent it', () => {
  it('work request first, then share; neither for embargoes', () => {
    expect(targetOf({ event: { workRequest: { _id: 'w1' } } })).toBe('/work-requests/w1');
    expect(targetOf({ event: { share: 's1' } })).toBe('/shares/s1');
    // Taken off an order, the translator may no longer open it.
    expect(targetOf({ type: 'wr-unassigned', event: { workRequest: { _id: 'w1' } } })).toBeUndefined();
    expect(targetOf({ event: { share: { _id: 's2' } } })).toBe('/shares/s2');
    // A share received opens its playlist; feedback on a share sent, the share's page.
    expect(targetOf({ type: 'share', event: { share: 's3' } })).toBe('/shares/s3/playlist');
    expect(targetOf({ type: 'share-feedback', event: { share: 's4' } })).toBe('/shares/s4');
    expect(targetOf({ event: { type: 'embargo' } })).toBeUndefined();
    // A delivery opens the order's deliveries, which a recipient of another studio may see without the order.
    expect(targetOf({ type: 'delivery', event: { workRequest: { _id: 'w2' } } })).toBe('/work-requests/w2/deliveries');
  });
  it("names the event's user", () => {
    expect(whoOf({ event: { from: { name: 'Ana' } } })).toBe('Ana');
    expect(whoOf({ event: { from: { emailNormal: 'a@b.c' } } })).toBe('a@b.c');
    expect(whoOf({})).toBe('MWS');
  });
});

describe('the unread count in the title', () => {
  it('prefixes and replaces', () => {
    expect(unreadPrefix(0)).toBe('');
    expect(unreadPrefix(3)).toBe('(3) ');
    expect(unreadPrefix(50, true)).toBe('(50+) ');
    expect(unreadPrefix(120)).toBe('(99+) ');
    expect(withUnreadPrefix('Notifications · MWS Console', '(3) ')).toBe('(3) Notifications · MWS Console');
    expect(withUnreadPrefix('(3) Notifications · MWS Console', '(4) ')).toBe('(4) Notifications · MWS Console');
    expect(withUnreadPrefix('(99+) Settings · MWS Console', '')).toBe('Settings · MWS Console');
  });
});

describe('a notification title', () => {
  it('shows a status code at the end of a stored status title in words', () => {
    expect(notificationTitle({ type: 'wr-status', title: 'Ana moved Trailer — fr-FR/FR to for-review' })).toBe(
      'Ana moved Trailer — fr-FR/FR to For review',
    );
    expect(notificationTitle({ type: 'wr-status', title: 'Ana moved Trailer to awaiting-materials' })).toBe(
      'Ana moved Trailer to Awaiting materials',
    );
  });
  it('leaves titles in words, other types and unknown words alone; falls back to the subject', () => {
    expect(notificationTitle({ type: 'wr-status', title: 'Ana moved X to For review' })).toBe(
      'Ana moved X to For review',
    );
    expect(notificationTitle({ type: 'wr-comment', title: 'Ana commented on a move to approved' })).toBe(
      'Ana commented on a move to approved',
    );
    expect(notificationTitle({ type: 'wr-status', title: 'Ana moved X to somewhere' })).toBe(
      'Ana moved X to somewhere',
    );
    expect(notificationTitle({ type: 'share', emailSubject: 'Shared' })).toBe('Shared');
    expect(notificationTitle({ type: 'share' })).toBe('Notification');
  });
});

describe('verdictNotesText', () => {
  it('lists a send back’s notes with their line and text, in the order given', () => {
    expect(
      verdictNotesText({
        event: {
          verdict: {
            reason: 'Two fixes',
            notes: [
              { _id: 'a', line: 3, body: 'Too long' },
              { _id: 'b', line: 1, body: 'Misspelt' },
            ],
          },
        },
      }),
    ).toBe('2 notes to address: line 3 “Too long”; line 1 “Misspelt”');
    expect(verdictNotesText({ event: { verdict: { reason: 'One', notes: [{ _id: 'a', line: 2 }] } } })).toBe(
      '1 note to address: line 2',
    );
  });

  it('nothing for a notification without notes', () => {
    expect(verdictNotesText({ event: { verdict: { reason: 'No notes', notes: [] } } })).toBeUndefined();
    expect(verdictNotesText({})).toBeUndefined();
  });
});
