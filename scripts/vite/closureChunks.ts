/**
 * Build step: chunks made of whole import graphs, so a first load asks for a few files instead of one per shared
 * module. Each group names root modules; its chunk holds everything those roots import statically, minus what the
 * entry itself uses (kept in the entry's chunk) and minus the groups before it.
 *
 * Why whole closures: a chunk that holds a module but not what that module imports has to import it back from
 * another chunk, and chunks that import each other break evaluation order (a class extending one not yet defined:
 * react-query's observers did, "n is not a function"). Taking closures in order rules that out by construction: a
 * group's modules import only modules of the entry, of an earlier group or of the group itself, so every import
 * between chunks points from a later group to an earlier one, or to the entry. A page outside every group is split
 * by Vite as before and may import from the groups.
 *
 * The price: a page that needs one module of a group loads the whole group (docs/BENCHMARKS.md, "Bundle", lists
 * what each first route loads).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface ClosureGroup {
  /** The chunk's name (`[name]` of the output file names). */
  name: string;
  /** Modules, relative to the project root, with their extension. */
  roots: string[];
}

export function closureChunks(groups: ClosureGroup[]): Plugin {
  let root = process.cwd();
  /** Module id → the group that takes it, decided once the graph is built. */
  const owner = new Map<string, string>();
  return {
    name: 'mws-closure-chunks',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // What the entry itself loads stays in the entry's chunk: Rolldown's `$initial` is exact (what the
                // entry uses), and the higher priority takes those modules out of the groups below. Without it an
                // entry module in a group would make the entry import that group, which imports the entry back.
                { name: 'main', tags: ['$initial'], priority: 10 },
                // Each module has one owner (decided in buildEnd), so no two of these compete for one; their
                // dependencies are theirs, an earlier group's or the entry's.
                ...groups.map((g) => ({
                  name: g.name,
                  test: (id: string) => owner.get(id) === g.name,
                  includeDependenciesRecursively: false,
                })),
              ],
            },
          },
        },
      },
    }),
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const present = (id: string) => this.getModuleInfo(id) !== null;
      const resolved = groups.flatMap((group) => {
        const roots = group.roots.map((r) => realPath(path.resolve(root, r)));
        const missing = roots.filter((r) => !present(r));
        // None there: another build of this config (the benchmark's floor page, its own root). Some: a wrong name.
        if (missing.length === roots.length) return [];
        if (missing.length) this.error(`closureChunks: ${group.name}: no module ${missing.join(', ')}`);
        return [{ name: group.name, roots }];
      });
      owner.clear();
      for (const [id, name] of closureOwners(resolved, (id) => this.getModuleInfo(id)?.importedIds ?? []))
        owner.set(id, name);
    },
  };
}

/** A module's id is its real path: a package reached through a linked node_modules has the link's target's. */
export function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file; // not there: reported as missing
  }
}

/**
 * Which group takes each module: the first group whose roots import it, directly or not (static imports only). A
 * group's modules then import only modules of that group or an earlier one (or the entry's, which are not decided
 * here).
 */
export function closureOwners(
  groups: readonly ClosureGroup[],
  importsOf: (id: string) => readonly string[],
): Map<string, string> {
  const owner = new Map<string, string>();
  for (const group of groups) {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      if (!owner.has(id)) owner.set(id, group.name);
      importsOf(id).forEach(visit);
    };
    group.roots.forEach(visit);
  }
  return owner;
}
