/**
 * The SQLite store on a full disk (docs/API.md "Errors", "Readiness"): a write that fails for lack of space (SQLITE_FULL:
 * the disk, or a size limit) is remembered, and `check` (the store's `ready()`) then reports not ready, naming the
 * reason, until a probe write succeeds: PROBE_BYTES committed in a table of its own, then deleted. So /readyz turns
 * ready again by itself once space is back (a load balancer asks every few seconds), and costs nothing while writes
 * succeed (no probe then).
 */
import type Database from 'better-sqlite3';
import { StoreUnavailable } from '../store';
import { unavailableOr } from '../unavailable';

/**
 * What the probe writes: room for a typical write (a comment, a status change, a translation's save of a few hundred
 * lines). A larger write may still fail after it passed; it is then remembered again.
 */
export const PROBE_BYTES = 64 * 1024;

export class SpaceWatch {
  /** The last write's failure for lack of space, while no probe has succeeded since. */
  private lacking: StoreUnavailable | undefined;
  private readonly write: Database.Statement;
  private readonly remove: Database.Statement;

  constructor(private readonly db: Database.Database) {
    db.exec('CREATE TABLE IF NOT EXISTS mws_space_probe (id INTEGER PRIMARY KEY, bytes BLOB NOT NULL)');
    this.write = db.prepare(`INSERT OR REPLACE INTO mws_space_probe (id, bytes) VALUES (1, zeroblob(${PROBE_BYTES}))`);
    this.remove = db.prepare('DELETE FROM mws_space_probe');
  }

  /** A write's error as the store throws it (storage/unavailable.ts); one for lack of space is remembered. */
  refused(e: unknown): unknown {
    const error = unavailableOr(e);
    if (error instanceof StoreUnavailable && error.reason === 'full') this.lacking = error;
    return error;
  }

  /** Whether a write failed for lack of space and no probe has succeeded since (`check` then writes). */
  get lackingSpace(): boolean {
    return this.lacking !== undefined;
  }

  /**
   * Throws the StoreUnavailable while the last write failed for lack of space and the probe still does. Run with no
   * transaction open (each probe statement commits on its own).
   */
  check(): void {
    if (!this.lacking) return;
    try {
      this.write.run();
      this.remove.run();
    } catch (e) {
      throw this.refused(e);
    }
    this.lacking = undefined;
  }
}
