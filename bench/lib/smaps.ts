/**
 * Where a process's anonymous memory lies, from /proc/<pid>/smaps (Linux): glibc malloc's main arena (`[heap]`: what
 * the main thread allocates natively, such as SQLite's page cache), malloc's other arenas (what libuv's thread pool
 * allocates: compression, scrypt; glibc aligns each such heap to 64 MiB), and the rest (V8's heap pages, code and
 * other mappings). The split of the arenas is glibc's layout read from addresses: a guide, not an exact count.
 */
import fs from 'node:fs';

export interface AnonymousParts {
  mainArenaMb: number;
  threadArenasMb: number;
  otherMb: number;
}

const ARENA_ALIGN = 64 * 1024 * 1024;

export function anonymousParts(pid: number): AnonymousParts {
  const kb = { main: 0, threads: 0, other: 0 };
  let where: keyof typeof kb | undefined;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      const start = parseInt(mapping[1]!, 16);
      const size = parseInt(mapping[2]!, 16) - start;
      const name = mapping[4]!;
      if (name === '[heap]') where = 'main';
      else if (name !== '' || mapping[3] !== '0')
        where = undefined; // a file, or a named mapping such as [stack]
      else where = start % ARENA_ALIGN === 0 && size <= ARENA_ALIGN ? 'threads' : 'other';
      continue;
    }
    const anonymous = /^Anonymous:\s+(\d+) kB/.exec(line);
    if (anonymous && where) kb[where] += Number(anonymous[1]);
  }
  const mb = (v: number) => Math.round(v / 102.4) / 10;
  return { mainArenaMb: mb(kb.main), threadArenasMb: mb(kb.threads), otherMb: mb(kb.other) };
}
