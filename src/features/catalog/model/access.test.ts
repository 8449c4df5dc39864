import { describe, expect, it } from 'vitest';
import { catalogAccess, resolveInvite, signedLinkExpiry } from './access';

describe('catalogAccess', () => {
  it('lets admins and coordinators edit, translators read', () => {
    expect(catalogAccess({ groups: [{ type: 'admin' }] })).toEqual({
      canEdit: true,
      canCreateStudios: true,
      isAdmin: true,
      canListUsers: true,
    });
    expect(catalogAccess({ groups: [{ type: 'coordinator' }] })).toEqual({
      canEdit: true,
      canCreateStudios: false,
      isAdmin: false,
      canListUsers: true,
    });
    expect(catalogAccess({ groups: [{ type: 'translator' }] })).toEqual({
      canEdit: false,
      canCreateStudios: false,
      isAdmin: false,
      canListUsers: false,
    });
    expect(catalogAccess(undefined).canEdit).toBe(false);
  });
});

describe('resolveInvite', () => {
  it('fills :code only when the code is known', () => {
    expect(resolveInvite('/invite/:code', 'abc', 'https://app.test')).toEqual({
      url: 'https://app.test/invite/abc',
      resolved: true,
    });
    expect(resolveInvite('/invite/:code', undefined, 'https://app.test')).toEqual({
      url: 'https://app.test/invite/:code',
      resolved: false,
    });
    expect(resolveInvite(undefined, 'abc', 'https://app.test')).toBeUndefined();
  });
});

describe('signedLinkExpiry', () => {
  it('reads expires', () => {
    expect(signedLinkExpiry('/api/previews/x/view?expires=123&sig=ab')).toBe(123);
    expect(signedLinkExpiry('/x')).toBeUndefined();
  });
});
