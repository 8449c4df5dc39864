/** What the checks read of a line's text: the same answer every time it is asked, from its cache or not. */
import { describe, expect, it } from 'vitest';
import { comparable, isBlank, plainText, readableLength } from './text';

describe('plainText', () => {
  it('removes tags, turns <br> into a line break and decodes the common entities', () => {
    expect(plainText('<i>Salut</i><br/>Tom &amp; Jerry&nbsp;!')).toBe('Salut\nTom & Jerry !');
    expect(plainText('a\r\nb\rc')).toBe('a\nb\nc');
  });
  it('answers the same for a text asked again', () => {
    const text = '<b>Deux fois</b>';
    expect(plainText(text)).toBe(plainText(text));
    expect(plainText(text)).toBe('Deux fois');
  });
});

describe('isBlank', () => {
  it('is true for text with nothing a viewer sees, whatever the white space', () => {
    for (const text of ['', '   ', '<i> </i>', '<br>', '&nbsp;\n', '\u3000\u00a0\ufeff\t'])
      expect(isBlank(text)).toBe(true);
  });
  it('is false as soon as one character shows', () => {
    for (const text of ['a', ' <i>.</i> ', '&amp;', '\u00a0x']) expect(isBlank(text)).toBe(false);
  });
});

describe('comparable', () => {
  it('ignores tags, case and spacing', () => {
    expect(comparable('<i>Hello</i>   World ')).toBe('hello world');
    expect(comparable('HELLO<br>world')).toBe(comparable('hello world'));
  });
});

describe('readableLength', () => {
  it('counts what a viewer reads, without tags or line breaks', () => {
    expect(readableLength('<i>ab</i><br>cd')).toBe(4);
  });
});
