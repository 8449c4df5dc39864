/** Translation rules shared by routes and seed. */

/** The fields of a translation that list items leave out: they may hold thousands of lines. */
export const LINE_FIELDS = ['lines', 'printLines'];

/** Line counts kept on a translation record at every write, so lists need not read the lines. */
export function lineStats(lines: { text?: string }[] | undefined): { lineCount: number; translatedCount: number } {
  const all = lines ?? [];
  return { lineCount: all.length, translatedCount: all.filter((l) => (l.text ?? '').trim() !== '').length };
}
