import { describe, expect, it } from 'vitest';
import { readCueText, toLineText, type ScanStats } from './cueText';

/** Steps per character the reading may take: a constant, whatever the input (the reading is linear). */
const STEPS_PER_CHAR = 4;

describe('reading cue text', () => {
  it('keeps b/i/u, turns <br> into a line break, drops other tags and override blocks, and finds {\\an8}', () => {
    const read = readCueText('{\\an8\\i1}<font color="red"><B class="x">Top</B></font><br/><v Anna>line</v>');
    expect(read.top).toBe(true);
    expect(toLineText(read.pieces)).toBe('<b>Top</b>\nline');
  });

  it('takes a < or {\\ whose closing character is missing, or on a later row, as text', () => {
    expect(toLineText(readCueText('a <i\nb> c {\\an8 d').pieces)).toBe('a &lt;i\nb> c {\\an8 d');
  });

  // The old regular expressions went back over the rest of the text for every unclosed `{\` or `<a `: quadratic.
  it.each([
    ['unclosed override blocks', '{\\'],
    ['unclosed tags', '<a '],
    ['unclosed closing tags', '</i '],
    ['unclosed timestamp tags', '<0:0'],
    ['unterminated references', '&amp'],
    ['mixed', '<a {\\ &#x'],
  ])('stays linear on %s', (_name, unit) => {
    for (const syntax of ['lenient', 'vtt'] as const) {
      for (const repeat of [1_000, 10_000]) {
        const raw = unit.repeat(repeat);
        const stats: ScanStats = { steps: 0 };
        readCueText(raw, syntax, stats);
        expect(stats.steps).toBeLessThanOrEqual(raw.length * STEPS_PER_CHAR);
      }
    }
  });

  it('reads WebVTT tags as its tokenizer does: every < starts a tag, to the next > or the end', () => {
    expect(toLineText(readCueText('a <c it is all tag', 'vtt').pieces)).toBe('a');
    expect(toLineText(readCueText('a <c it is all tag', 'lenient').pieces)).toBe('a &lt;c it is all tag');
    expect(toLineText(readCueText('< 00:01.000>x<00:01.000 >y', 'vtt').pieces)).toBe('xy');
  });

  it('balances tags: a stray end tag is dropped, an open b/i/u is closed at the end', () => {
    expect(toLineText(readCueText('<i>Hee!</b> Hee!', 'vtt').pieces)).toBe('<i>Hee! Hee!</i>');
    expect(toLineText(readCueText('No </b> way! <b>bold', 'lenient').pieces)).toBe('No  way! <b>bold</b>');
  });
});
