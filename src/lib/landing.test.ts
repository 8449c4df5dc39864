import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';

describe('landingPath', () => {
  it('sends translators to their translations', () => {
    expect(landingPath({ groups: [{ type: 'translator' }] })).toBe('/translations');
  });
  it('sends coordinators, admins and people who are both to the work requests', () => {
    expect(landingPath({ groups: [{ type: 'coordinator' }] })).toBe('/work-requests');
    expect(landingPath({ groups: [{ type: 'translator' }, { type: 'admin' }] })).toBe('/work-requests');
  });
  it('falls back to the work requests when the user or groups are unknown', () => {
    expect(landingPath(undefined)).toBe('/work-requests');
    expect(landingPath({})).toBe('/work-requests');
  });
});
