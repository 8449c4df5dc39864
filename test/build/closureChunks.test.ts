/** The ownership rule of scripts/vite/closureChunks.ts on small import graphs. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closureOwners, realPath } from '../../scripts/vite/closureChunks';

const graph: Record<string, string[]> = {
  shell: ['nav', 'query'],
  nav: ['format'],
  list: ['table', 'query', 'format'],
  table: ['virtual', 'list'], // a cycle inside one closure
  query: [],
  format: [],
  virtual: [],
  other: ['table'],
};
const importsOf = (id: string) => graph[id] ?? [];

describe('closureOwners', () => {
  it('gives each module to the first group that reaches it, and only what the roots reach', () => {
    const owners = closureOwners(
      [
        { name: 'shell', roots: ['shell'] },
        { name: 'list', roots: ['list'] },
      ],
      importsOf,
    );
    expect(Object.fromEntries(owners)).toEqual({
      shell: 'shell',
      nav: 'shell',
      query: 'shell',
      format: 'shell',
      list: 'list',
      table: 'list',
      virtual: 'list',
    });
  });

  it('never lets a group import a later one: every import points to its own group or an earlier one', () => {
    const groups = [
      { name: 'a', roots: ['other'] },
      { name: 'b', roots: ['shell'] },
      { name: 'c', roots: ['list'] },
    ];
    const owners = closureOwners(groups, importsOf);
    const rank = (id: string) => groups.findIndex((g) => g.name === owners.get(id));
    for (const [id] of owners)
      for (const imported of importsOf(id)) expect(rank(imported)).toBeLessThanOrEqual(rank(id));
  });
});

describe('realPath', () => {
  it("names a root reached through a linked node_modules by the module id the bundler gives it (the link's target)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'closure-'));
    try {
      const target = path.join(dir, 'store', 'pkg');
      fs.mkdirSync(target, { recursive: true });
      fs.writeFileSync(path.join(target, 'index.js'), '');
      fs.mkdirSync(path.join(dir, 'project'));
      fs.symlinkSync(path.join(dir, 'store'), path.join(dir, 'project', 'node_modules'));
      const linked = path.join(dir, 'project', 'node_modules', 'pkg', 'index.js');
      expect(realPath(linked)).toBe(fs.realpathSync(path.join(target, 'index.js')));
      // A root that is not there stays as named (the plugin then reports it missing).
      expect(realPath(path.join(dir, 'project', 'nope.js'))).toBe(path.join(dir, 'project', 'nope.js'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
