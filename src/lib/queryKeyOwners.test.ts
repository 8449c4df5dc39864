/**
 * Query keys are written only by their owners (docs/decisions/160-one-cache-entry-per-user.md): a key's root (its first
 * element: `['catalog', …]`, `['users', …]`) is spelled in its owner's modules and nowhere else; every other module
 * reads, writes and invalidates that data through the owner's exported keys. A root spelled elsewhere is a cache
 * entry the owner's saves do not refresh (a work request once lived under two keys, a user under three). The source
 * is parsed (TypeScript's own parser), so a key split over lines or built in any expression is found.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each key root and the modules (files, or folders ending in '/') that own it, relative to src/. */
export const KEY_OWNERS: Record<string, readonly string[]> = {
  catalog: ['features/catalog/', 'lib/catalogRecords.ts', 'lib/referenceLists.ts'],
  users: ['lib/userRecordKeys.ts'],
  workRequests: ['lib/workRecordKeys.ts'],
  translations: ['lib/workRecordKeys.ts'],
  notifications: ['lib/workRecordKeys.ts'],
  orders: ['features/orders/'],
  invitations: ['features/auth/'],
  translationEditor: ['features/translation-editor/'],
  assignableUsers: ['features/work-requests/'],
  comments: ['lib/workRecordKeys.ts'],
  offlines: ['features/work-requests/'],
  shares: ['features/shares/'],
  shareCandidates: ['features/shares/'],
  dashboard: ['features/dashboard/'],
  mail: ['features/admin/'],
  ingests: ['features/ingests/'],
  reportFigures: ['features/reports/'],
  // A studio's delivery specifications, read by the order wizard and the order edit dialog.
  specs: ['lib/specQueries.ts'],
  // An offline's file and its asset's previews, read for the side-by-side player of the order page.
  'offline-compare': ['features/work-requests/components/OfflineCompare.tsx'],
};

const KEY_PROPERTIES = new Set(['queryKey', 'mutationKey', 'all']);

export interface KeyFinding {
  file: string;
  line: number;
  root: string;
  problem: 'not-owner' | 'unregistered';
}

const owns = (owner: string, file: string) => (owner.endsWith('/') ? file.startsWith(owner) : file === owner);

/** The key roots `file` (relative to src/) spells where it has no right to: someone else's, or one nobody owns. */
export function keyFindings(file: string, text: string, owners = KEY_OWNERS): KeyFinding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: KeyFinding[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
      ? unwrap(node.expression)
      : node;
  const rootOf = (node: ts.Node): string | undefined => {
    if (!ts.isArrayLiteralExpression(node)) return undefined;
    const first = node.elements[0];
    return first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : undefined;
  };
  const visit = (node: ts.Node) => {
    const root = rootOf(node);
    if (root !== undefined && Object.hasOwn(owners, root) && !owners[root]!.some((o) => owns(o, file)))
      found.push({ file, line: lineOf(node), root, problem: 'not-owner' });
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && KEY_PROPERTIES.has(node.name.text)) {
      const keyRoot = rootOf(unwrap(node.initializer));
      if (keyRoot !== undefined && !Object.hasOwn(owners, keyRoot))
        found.push({ file, line: lineOf(node), root: keyRoot, problem: 'unregistered' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('query keys are spelled only by their owners', () => {
  it("no module spells another feature's key root, and every root has an owner", () => {
    const findings = sourceFiles(SRC).flatMap((full) => {
      const file = path.relative(SRC, full).split(path.sep).join('/');
      return keyFindings(file, fs.readFileSync(full, 'utf8'));
    });
    const said = findings.map((f) =>
      f.problem === 'not-owner'
        ? `src/${f.file}:${f.line} spells '${f.root}' (owned by ${KEY_OWNERS[f.root]!.join(', ')}): use its exported keys`
        : `src/${f.file}:${f.line} uses the key root '${f.root}' that no module owns: add it to KEY_OWNERS`,
    );
    expect(said).toEqual([]);
  });

  it('finds a root spelled outside its owner, however the key is written', () => {
    const text = `
      const keys = { projectSearch: (q: string) => ['catalog', 'projects', q] as const };
      useQuery({ queryKey: [
        'users', 'detail', id] });
      client.invalidateQueries({ queryKey: [\`workRequests\`] });`;
    expect(keyFindings('features/orders/queries.ts', text).map((f) => [f.root, f.line])).toEqual([
      ['catalog', 2],
      ['users', 3],
      ['workRequests', 5],
    ]);
    expect(keyFindings('features/catalog/queries.ts', text).map((f) => f.root)).toEqual(['users', 'workRequests']);
  });

  it('finds a key root nobody owns, and leaves other arrays alone', () => {
    const text = `
      const keys = { all: ['mine'] as const };
      useQuery({ queryKey: ['previewView', id] });
      const steps = ['asset', 'language'];
      useQuery({ queryKey: [...keys.all, 'x'] });`;
    expect(keyFindings('features/x/queries.ts', text).map((f) => [f.root, f.problem])).toEqual([
      ['mine', 'unregistered'],
      ['previewView', 'unregistered'],
    ]);
  });
});
