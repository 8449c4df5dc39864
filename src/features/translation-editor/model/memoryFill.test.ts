import { describe, expect, it } from 'vitest';
import type { Line } from '../../../api/schema/translation';
import { fillableLines, memoryFills } from './memoryFill';
import { EditorDocument } from './editorDocument';
import { sourceOf } from './lineFields';
import { profileFor } from './qc/profiles';

const lines: Line[] = [
  { number: 1, text: '' },
  { number: 2, text: 'Écrit à la main', custom: true },
  { number: 3, text: '   ' },
  { number: 4, text: '' },
  { number: 5, text: 'Machine', machine: true },
];
const originals = ['Hello.', 'Run!', 'Where is it?', '', 'Stop!'];
const originalOf = (line: Line) => originals[(line.number ?? 0) - 1];

const match = (text: string, exact = true) => ({ similarity: exact ? 100 : 80, exact, text, original: 'x' });

describe('filling lines from the memory', () => {
  it('asks only about lines without text that have an original', () => {
    expect(fillableLines(lines, originalOf)).toEqual([
      { index: 0, original: 'Hello.' },
      { index: 2, original: 'Where is it?' },
    ]);
  });

  it('fills with the best exact match, marked automatic; never a line with text, never from a similar match', () => {
    const asked = fillableLines(lines, originalOf);
    const now = lines.map((l, i) => (i === 2 ? { ...l, text: 'typed meanwhile', custom: true } : l));
    const edits = memoryFills(now, asked, {
      results: [
        { index: 0, matches: [match('Bonjour.'), match('Salut.')] },
        { index: 1, matches: [match('Où est-ce ?')] },
      ],
    });
    expect(edits).toEqual([
      { index: 0, line: { number: 1, text: 'Bonjour.', auto: true, custom: false, machine: false } },
    ]);
    expect(memoryFills(lines, asked, { results: [{ index: 0, matches: [match('Bonjour ?', false)] }] })).toEqual([]);
  });

  it('is one undoable step; typing in a filled line makes it hand-written', () => {
    const doc = new EditorDocument(lines, profileFor('fr-FR'));
    const asked = fillableLines(doc.lines(), originalOf);
    doc.applyEdits(
      'Fill from memory',
      memoryFills(doc.lines(), asked, { results: [{ index: 1, matches: [match('Où est-ce ?')] }] }),
    );
    expect(sourceOf(doc.row(2)!.line)).toBe('auto');
    doc.setText(2, 'Où est-il ?');
    expect(sourceOf(doc.row(2)!.line)).toBe('custom');
    doc.undo();
    expect(doc.row(2)!.line).toMatchObject({ text: 'Où est-ce ?', auto: true });
    doc.undo();
    expect(doc.row(2)!.line.text).toBe('   ');
  });
});
