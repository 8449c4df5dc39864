/**
 * Loaded into a benchmarked server process (`node --import tsx --import ./bench/lib/memoryProbe.ts server/main.ts`,
 * bench/soak.ts): every MEMORY_PROBE_MS (default 1,000) it writes the process's memory as one JSON line to
 * MEMORY_PROBE_FILE — Node's own counts (heap used and allocated, external, array buffers) and the kernel's split of
 * the resident set (/proc/self/status: anonymous memory, file pages mapped such as SQLite's memory map, shared
 * memory). The bench reads the last line; a resident set that grows while the heap in use stays flat is memory
 * outside V8 (buffers, native allocators, mapped files), not a leak of JavaScript objects.
 *
 * SIGUSR2 makes it write a sample at once, after a full collection when node runs with --expose-gc: heap used then
 * counts live objects only, telling a leak (live objects that keep growing) from heap V8 has not collected yet.
 */
import fs from 'node:fs';

export interface MemorySample {
  /** Milliseconds since the epoch. */
  at: number;
  rssMb: number;
  /** The resident set's parts (kernel's count, /proc/self/status): anonymous, file-backed, shared memory. */
  anonMb: number;
  fileMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** Written for SIGUSR2, after a full collection (when node runs with --expose-gc). */
  afterGc?: boolean;
}

const MB = 1024 * 1024;
const round = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

function kernelKb(status: string, field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

export function sampleMemory(): MemorySample {
  const usage = process.memoryUsage();
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return {
    at: Date.now(),
    rssMb: round(usage.rss),
    anonMb: round(kernelKb(status, 'RssAnon') * 1024),
    fileMb: round((kernelKb(status, 'RssFile') + kernelKb(status, 'RssShmem')) * 1024),
    heapUsedMb: round(usage.heapUsed),
    heapTotalMb: round(usage.heapTotal),
    externalMb: round(usage.external),
    arrayBuffersMb: round(usage.arrayBuffers),
  };
}

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const everyMs = Number(process.env.MEMORY_PROBE_MS ?? 1000);
  const write = (extra: Partial<MemorySample> = {}) =>
    fs.appendFileSync(file, JSON.stringify({ ...sampleMemory(), ...extra }) + '\n');
  write();
  setInterval(write, everyMs).unref();
  process.on('SIGUSR2', () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    write({ afterGc: gc !== undefined });
  });
}
