import { describe, expect, it } from 'vitest';
import { landingPath, runsOrders } from './landing';

describe('landingPath', () => {
  it('sends translators to their translations', () => {
    expect(landingPath({ groups: [{ type: 'translator' }] })).toBe('/translations');
  });
  it('sends coordinators, admins and people who are both to the dashboard', () => {
    expect(landingPath({ groups: [{ type: 'coordinator' }] })).toBe('/dashboard');
    expect(landingPath({ groups: [{ type: 'admin' }] })).toBe('/dashboard');
    expect(landingPath({ groups: [{ type: 'translator' }, { type: 'admin' }] })).toBe('/dashboard');
    expect(runsOrders({ groups: [{ type: 'client' }, { type: 'coordinator' }] })).toBe(true);
  });
  it('sends clients (requesters, press and partners) to what is shared with them', () => {
    expect(landingPath({ groups: [{ type: 'client' }] })).toBe('/shares');
    expect(landingPath({ groups: [{ type: 'client' }, { type: 'translator' }] })).toBe('/translations');
    expect(runsOrders({ groups: [{ type: 'client' }] })).toBe(false);
  });
  it('sends anyone whose groups are unknown to the work requests', () => {
    expect(landingPath(undefined)).toBe('/work-requests');
    expect(landingPath({})).toBe('/work-requests');
  });
});
