/**
 * Putting a glossary term's approved translation into a line (the glossary bar's button, the `insert-term` key):
 * where the line uses a forbidden variant of the term, the variant is replaced where it stands; else the approved
 * translation goes at the line's cursor (its selection replaced), or at the end. One undo step.
 */
import type { EditorDocument } from '../model/editorDocument';
import { insertAt, replaceVariant, termUses, type GlossaryEntry } from '../model/glossary';

/** The line's text field, when rendered (LineRow's id). */
function textFieldOf(idBase: string, rowKey: number): HTMLTextAreaElement | undefined {
  const el = document.getElementById(`${idBase}-text-${rowKey}`);
  return el instanceof HTMLTextAreaElement ? el : undefined;
}

/**
 * Puts `term` (or, without it, the first term of the line not yet right) into line `index`; answers the caret after
 * it and what was done, or a sentence saying why nothing was.
 */
export function insertGlossaryTerm(
  doc: EditorDocument,
  idBase: string,
  index: number,
  term: GlossaryEntry | undefined,
): { caret: number; inserted: string; replaced?: string } | { reason: string } {
  const row = doc.row(index);
  if (!row) return { reason: 'No line to insert into.' };
  const text = row.line.text ?? '';
  const original = doc.originalOf(row.line);
  const uses = doc.glossary && original !== undefined ? termUses(doc.glossary, original, text) : [];
  const use = term ? uses.find((u) => u.term.id === term.id) : uses.find((u) => u.kind !== 'ok');
  const chosen = term ?? use?.term;
  if (!chosen) return { reason: `Line ${index + 1}: no glossary term to insert.` };
  if (use?.kind === 'forbidden') {
    const replaced = replaceVariant(text, use.variant, chosen.translation, chosen.caseSensitive);
    if (replaced) {
      doc.setText(index, replaced.text);
      doc.seal();
      return { caret: replaced.caret, inserted: chosen.translation, replaced: use.variant };
    }
  }
  const field = textFieldOf(idBase, row.key);
  const [start, end] =
    field && field.value === text ? [field.selectionStart, field.selectionEnd] : [text.length, text.length];
  const edit = insertAt(text, start, end, chosen.translation);
  doc.setText(index, edit.text);
  doc.seal();
  return { caret: edit.caret, inserted: chosen.translation };
}
