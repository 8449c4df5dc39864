import { describe, expect, it } from 'vitest';
import type { Line } from '../../../api/schema/translation';
import { fillableLines, memoryFills } from './memoryFill';
import { EditorDocument } from './editorDocument';
import { Glossary } from './glossary';
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
    const { edits } = memoryFills(now, asked, {
      results: [
        { index: 0, matches: [match('Bonjour.'), match('Salut.')] },
        { index: 1, matches: [match('Où est-ce ?')] },
      ],
    });
    expect(edits).toEqual([
      { index: 0, line: { number: 1, text: 'Bonjour.', auto: true, custom: false, machine: false } },
    ]);
    expect(memoryFills(lines, asked, { results: [{ index: 0, matches: [match('Bonjour ?', false)] }] }).edits).toEqual(
      [],
    );
  });

  it('is one undoable step; typing in a filled line makes it hand-written', () => {
    const doc = new EditorDocument(lines, profileFor('fr-FR'));
    const asked = fillableLines(doc.lines(), originalOf);
    doc.applyEdits(
      'Fill from memory',
      memoryFills(doc.lines(), asked, { results: [{ index: 1, matches: [match('Où est-ce ?')] }] }).edits,
    );
    expect(sourceOf(doc.row(2)!.line)).toBe('auto');
    doc.setText(2, 'Où est-il ?');
    expect(sourceOf(doc.row(2)!.line)).toBe('custom');
    doc.undo();
    expect(doc.row(2)!.line).toMatchObject({ text: 'Où est-ce ?', auto: true });
    doc.undo();
    expect(doc.row(2)!.line.text).toBe('   ');
  });

  it('never writes a term the glossary forbids: the next clean exact match, else the line is flagged', () => {
    const glossary = new Glossary([
      { id: 't', source: 'chance', translation: 'occasion', forbidden: ['chance'], caseSensitive: false },
    ]);
    const own: Line[] = [
      { number: 1, text: '' },
      { number: 2, text: '' },
    ];
    const said = ["It's our only chance.", 'Our last chance.'];
    const asked = fillableLines(own, (line) => said[(line.number ?? 0) - 1]);
    const plan = memoryFills(
      own,
      asked,
      {
        results: [
          { index: 0, matches: [match("C'est notre seule chance."), match("C'est notre seule occasion.")] },
          { index: 1, matches: [match('Notre dernière chance.')] },
        ],
      },
      glossary,
    );
    expect(plan.edits.map((e) => [e.index, e.line.text])).toEqual([[0, "C'est notre seule occasion."]]);
    expect(plan.flagged).toEqual([
      { index: 1, text: 'Notre dernière chance.', forbidden: { variant: 'chance', source: 'chance', use: 'occasion' } },
    ]);
  });
});
