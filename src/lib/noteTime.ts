/**
 * A note's time (seconds) as notes list it (the editor's review notes, an offline's notes on frames): m:ss.mmm, with
 * hours when there are any.
 */
export function formatNoteTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = String(ms % 1000).padStart(3, '0');
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}.${rest}`;
}
