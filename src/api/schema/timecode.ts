/** Subtitle timecodes `HH:MM:SS,mmm` (the Line contract) read as milliseconds: one parser for the editor, the order estimate and the server's submit check. */

const TIMECODE = /^(\d{2,}):([0-5]\d):([0-5]\d)[,.](\d{3})$/;

/** Milliseconds of a `HH:MM:SS,mmm` timecode (a `.` before the milliseconds is accepted too); undefined when malformed. */
export function parseTimecode(value: string): number | undefined {
  const m = TIMECODE.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1]) * 3_600_000 + Number(m[2]) * 60_000 + Number(m[3]) * 1000 + Number(m[4]);
}
