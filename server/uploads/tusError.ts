/**
 * An error @tus/server answers as it is: it reads `status_code` and `body` off what a hook or store throws (its own
 * ERRORS are plain objects of that shape). As an Error, so stacks are kept and lint's only-throw-error holds.
 */
export class TusError extends Error {
  constructor(
    // The names are @tus/server's.
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** One of @tus/server's ERRORS (plain objects) as a TusError. */
export const tusErrorOf = (e: { status_code: number; body: string }) => new TusError(e.status_code, e.body);
