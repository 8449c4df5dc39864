/**
 * Abuse of the reports (docs/API.md "Reports"): a person without a report's flag learns nothing (403 before any
 * figure, whatever the filters name), a coordinator cannot widen the studio scope by a filter, hostile query values
 * are 400s in the error shape or count nothing (never a database error), and no report writes anything.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';
import { openDatabaseReader, type DatabaseReader } from '../support/database';

let server: TestServer;
let reader: DatabaseReader;
const NAMES = ['orders', 'volume', 'exceptions', 'rejections', 'spending', 'downloads'];

beforeAll(async () => {
  server = await startServer();
  reader = await openDatabaseReader(server);
}, 120_000);
afterAll(async () => {
  await reader?.close();
  await server?.stop();
});

it('without the flag: 403 whatever the query names, even a bad one (authorized before the input is read)', async () => {
  for (const name of NAMES) {
    for (const query of ['', '?from=not-a-day', `?studio=${'0'.repeat(24)}&by=week`]) {
      const res = await call(server, 'GET', `/api/reports/${name}${query}`, { as: ROLE_ACCOUNTS.translator });
      expect(res.status, `${name}${query}`).toBe(403);
      expect(Object.keys(res.body)).toEqual(['error']);
    }
  }
});

it('a coordinator of one studio naming another studio, or a project of it, counts nothing', async () => {
  const all = (await call(server, 'GET', '/api/reports/spending', { as: DEMO.admin })).body;
  const harbor = (await call(server, 'GET', '/api/reports/spending', { as: ROLE_ACCOUNTS.sam })).body;
  const outside = (all.byStudio as { studio: string }[]).find(
    (s) => !(harbor.byStudio as { studio: string }[]).some((h) => h.studio === s.studio),
  )!;
  expect(outside).toBeDefined();
  const asSam = await call(server, 'GET', `/api/reports/spending?studio=${outside.studio}`, { as: ROLE_ACCOUNTS.sam });
  expect(asSam.status).toBe(200);
  expect(asSam.body.totals).toEqual({ orders: 0, spend: 0 });
  const project = (all.byProject as { project: string }[]).find(
    (p) => !(harbor.byProject as { project: string }[]).some((h) => h.project === p.project),
  )!;
  const byProject = await call(server, 'GET', `/api/reports/orders?project=${project.project}`, {
    as: ROLE_ACCOUNTS.sam,
  });
  expect(byProject.body.totals.placed).toBe(0);
});

it('hostile values are a 400 in the error shape or match nothing, and nothing is written', async () => {
  const before = await reader.fingerprint();
  const hostile = ["' OR 1=1 --", '"; DROP TABLE "Workrequests"; --', '\u0000', 'x'.repeat(5000), '%', '*', '$1'];
  for (const name of NAMES) {
    for (const value of hostile) {
      for (const param of ['studio', 'project', 'group', 'from', 'by']) {
        const res = await call(server, 'GET', `/api/reports/${name}?${param}=${encodeURIComponent(value)}`, {
          as: DEMO.admin,
        });
        expect([200, 400], `${name} ${param}=${value.slice(0, 20)}: ${res.status}`).toContain(res.status);
        if (res.status === 400) expect(res.body.error.code).toBe('bad_request');
        else if (name !== 'downloads') expect(JSON.stringify(res.body)).not.toMatch(/"placed":[1-9]|"orders":[1-9]/);
      }
    }
  }
  expect(await reader.fingerprint()).toEqual(before);
}, 120_000);
