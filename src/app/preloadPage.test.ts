import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES, SHELL_PAGES } from './pageModules';
import { matchPattern } from '../api/schema/routePattern';
import { pageFor } from './preloadPage';

/** Paths that exercise every page pattern: exact, with params, encoded, too short, too long, trailing slash. */
const SAMPLES = [
  '/',
  '/sign-in',
  '/sign-in/',
  '/invite/abc123',
  '/invite',
  '/work-requests',
  '/work-requests/',
  '/work-requests/0123456789abcdef01234567',
  '/work-requests/0123/translation',
  '/work-requests/0123/graphics-translation',
  '/work-requests/0123/other',
  '/translations',
  '/translations/a%20b',
  '/shares',
  '/shares/s1',
  '/shares/s1/assets/a1',
  '/notifications',
  '/catalog',
  '/catalog/studios',
  '/catalog/projects',
  '/catalog/projects/p1',
  '/catalog/assets',
  '/catalog/assets/a1',
  '/catalog/languages',
  '/catalog/territories',
  '/catalog/users',
  '/settings',
  '/settings/extra',
  '/nowhere',
  '/catalog/nowhere',
];

describe('matchPattern agrees with react-router for every page', () => {
  for (const page of [...PUBLIC_PAGES, ...SHELL_PAGES]) {
    it(page.path, () => {
      for (const path of SAMPLES) {
        // matchRoutes, as the router does: it decodes the path before matching, so params come decoded.
        const theirs = matchRoutes([{ path: `/${page.path}` }], path)?.[0];
        const ours = matchPattern(page.path, path);
        expect(ours !== undefined, `${page.path} vs ${path}`).toBe(theirs !== undefined);
        if (ours && theirs) expect(ours, `${page.path} vs ${path}`).toEqual({ ...theirs.params });
      }
    });
  }
});

describe('pageFor', () => {
  it('finds the page, its params and whether it is in the shell', () => {
    expect(pageFor('/work-requests/abc/translation')).toMatchObject({
      page: { path: 'work-requests/:id/translation' },
      params: { id: 'abc' },
      inShell: true,
    });
    expect(pageFor('/sign-in')).toMatchObject({ page: { path: 'sign-in' }, inShell: false });
    expect(pageFor('/nowhere')).toBeUndefined();
  });

  it('does not throw on a malformed escape', () => {
    expect(pageFor('/work-requests/%E0%A4%A')).toMatchObject({ params: { id: '%E0%A4%A' } });
  });
});
