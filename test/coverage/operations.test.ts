/**
 * Coverage of the interface: each of the spec's 19 operations has a function in src/api/ that calls it, and
 * that function is used by the app (src/features or src/app), so a user has a place to perform it.
 * The operations are read from the spec's endpoint table (../shared/spec, beside the repository); when the
 * spec is not there, the checked-in list below is used.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SPEC = path.resolve(root, '../shared/spec/media-workflow-service.md');

const CHECKED_IN: [string, string][] = [
  ['GET', '/workrequests/automateJob'],
  ['GET', '/workrequests/{id}'],
  ['PUT', '/users'],
  ['PUT', '/users/{id}'],
  ['GET', '/users/{id}'],
  ['POST', '/offlines'],
  ['PUT', '/shares/{id}'],
  ['PUT', '/assets/{id}'],
  ['GET', '/assets/countByProject'],
  ['PUT', '/previews/{id}'],
  ['PUT', '/files/{id}'],
  ['PUT', '/comments/{id}'],
  ['PUT', '/projects'],
  ['PUT', '/studios'],
  ['PUT', '/translations/{id}'],
  ['POST', '/languages'],
  ['PUT', '/territories'],
  ['PUT', '/notifications'],
  ['GET', '/notifications'],
];

/** Rows `| 3 | PUT | `/users` | …` of the spec's endpoint table. */
export function operationsFromSpec(markdown: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of markdown.matchAll(/^\|\s*(\d+)\s*\|\s*(GET|PUT|POST|PATCH|DELETE)\s*\|\s*`([^`]+)`\s*\|/gm))
    out.push([m[2]!, m[3]!]);
  return out;
}

const operations = existsSync(SPEC) ? operationsFromSpec(readFileSync(SPEC, 'utf8')) : CHECKED_IN;

/** `/users/{id}` and `/users/${seg(id)}` both become `/users/{}`. */
const normalize = (p: string) =>
  p
    .replace(/\$\{[^}]*\}/g, '{}')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\?.*$/, '');

interface Caller {
  file: string;
  fn: string;
  method: string;
  path: string;
}

/** Exported function name -> its body, for every module of src/api/. */
const bodies = new Map<string, string>();

/** Paths named by exported constants of src/api/ (e.g. `AUTOMATE_JOBS_PATH = '/workrequests/automateJob'`). */
function pathConstants(dir: string): Map<string, string> {
  const constants = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    for (const c of readFileSync(path.join(dir, name), 'utf8').matchAll(/^export const (\w+) = '(\/[^']*)';/gm))
      constants.set(c[1]!, c[2]!);
  }
  return constants;
}

function apiCallers(): Caller[] {
  const dir = path.join(root, 'src/api');
  const constants = pathConstants(dir);
  const callers: Caller[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(dir, name), 'utf8');
    // Each exported function's body, up to the next top-level declaration.
    for (const m of text.matchAll(
      /^export (?:async )?function (\w+)[\s\S]*?(?=^export |^function |^const |^async function |(?![\s\S]))/gm,
    )) {
      const body = m[0];
      bodies.set(m[1]!, body);
      for (const c of body.matchAll(/'(GET|PUT|POST|PATCH|DELETE)'\s*,\s*(['`])(\/[^'`]*)\2/g)) {
        callers.push({ file: name, fn: m[1]!, method: c[1]!, path: normalize(c[3]!) });
      }
      for (const c of body.matchAll(/requestList\(\s*[\w.]+\s*,\s*(['`])(\/[^'`]*)\1/g)) {
        callers.push({ file: name, fn: m[1]!, method: 'GET', path: normalize(c[2]!) });
      }
      for (const c of body.matchAll(/requestList\(\s*[\w.]+\s*,\s*([A-Z][A-Z0-9_]*)\b/g)) {
        const named = constants.get(c[1]!);
        if (named) callers.push({ file: name, fn: m[1]!, method: 'GET', path: normalize(named) });
      }
    }
  }
  return callers;
}

function appSources(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(root, 'src/features'));
  walk(path.join(root, 'src/app'));
  walk(path.join(root, 'src/components'));
  return texts.join('\n');
}

describe('the interface’s operations', () => {
  const callers = apiCallers();

  it('reads 19 operations from the spec (or the checked-in list)', () => {
    expect(operations).toHaveLength(19);
    expect(new Set(operations.map(([m, p]) => `${m} ${p}`)).size).toBe(19);
  });

  it.each(operations)('%s %s has a caller in src/api/', (method, p) => {
    const found = callers.filter((c) => c.method === method && c.path === normalize(p));
    expect(found, `no function in src/api/*.ts calls ${method} ${p}`).not.toHaveLength(0);
  });

  /** The api functions that reach an operation: its direct callers and the api functions that call those. */
  const reaching = (method: string, p: string): string[] => {
    const names = new Set(callers.filter((c) => c.method === method && c.path === normalize(p)).map((c) => c.fn));
    for (let grew = true; grew;) {
      grew = false;
      for (const [fn, body] of bodies) {
        if (names.has(fn)) continue;
        if ([...names].some((n) => new RegExp(`\\b${n}\\(`).test(body.slice(body.indexOf('{'))))) {
          names.add(fn);
          grew = true;
        }
      }
    }
    return [...names];
  };

  it.each(operations)('%s %s is used by the app', (method, p) => {
    const names = reaching(method, p);
    const app = appSources();
    const used = names.filter((n) => new RegExp(`\\b${n}\\b`).test(app));
    expect(
      used,
      `none of ${names.join(', ') || '(no caller)'} is used in src/features, src/app or src/components`,
    ).not.toHaveLength(0);
  });

  it('parses the endpoint table', () => {
    expect(operationsFromSpec('| 9 | GET | `/assets/countByProject` | header |\n| x | y |')).toEqual([
      ['GET', '/assets/countByProject'],
    ]);
  });
});
