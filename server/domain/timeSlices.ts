/**
 * Long CPU work in slices (docs/API.md, "Translation memory: bounded lookups"): one thread answers every request, so
 * work that would hold it for long gives the event loop a turn every few milliseconds; other requests (health
 * checks, another user's list) are answered between the slices instead of after the whole work.
 */

/** Milliseconds of work between two turns given to the event loop. */
export const SLICE_MS = 4;

/** A turn to the event loop: what waits runs first (setImmediate: after pending I/O). */
export type Turn = () => Promise<void>;

/** A plain turn, in no user's name (fairTurns.ts gives turns in a user's name). */
export const nextTurn: Turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A checkpoint to await between small steps of a long piece of work: once `sliceMs` passed since the last turn,
 * it lets the event loop run what waits (`turn`), then throws if `signal` was aborted meanwhile (the client gave
 * up: the rest of the work would be for no one).
 */
export function timeSlicer(signal?: AbortSignal, sliceMs = SLICE_MS, turn: Turn = nextTurn): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await turn();
    signal?.throwIfAborted();
    since = performance.now();
  };
}

/**
 * `JSON.stringify(values)` (the same text), built value by value with a turn to the event loop every `sliceMs`:
 * a page of 100 work requests is ~0.5 MB of JSON, several milliseconds in one piece otherwise.
 */
export async function stringifyInSlices(
  values: readonly unknown[],
  sliceMs = SLICE_MS,
  turn: Turn = nextTurn,
): Promise<string> {
  const pause = timeSlicer(undefined, sliceMs, turn);
  const parts: string[] = [];
  for (const value of values) {
    // As JSON.stringify writes an array's items: what has no JSON form (undefined, a function) is `null`.
    const text: string | undefined = JSON.stringify(value);
    parts.push(text ?? 'null');
    await pause();
  }
  return `[${parts.join(',')}]`;
}
