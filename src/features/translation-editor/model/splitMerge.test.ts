import { describe, expect, it } from 'vitest';
import type { Line } from '../../../api/schema/translation';
import { mergeLines, splitLine } from './splitMerge';
import { sourceOf } from './lineFields';

const line = (text: string, start = '00:00:10,000', stop = '00:00:14,000', extra: Partial<Line> = {}): Line => ({
  number: 5,
  text,
  startTime: start,
  stopTime: stop,
  alignment: 'bottom',
  custom: false,
  machine: true,
  auto: true,
  ...extra,
});

describe('split', () => {
  it('splits at the cursor and shares time by text length', () => {
    const r = splitLine(line('abc def'), 3)!;
    expect(r.first.text).toBe('abc');
    expect(r.second.text).toBe('def');
    expect(r.first.startTime).toBe('00:00:10,000');
    expect(r.first.stopTime).toBe('00:00:12,000');
    expect(r.second.startTime).toBe('00:00:12,000');
    expect(r.second.stopTime).toBe('00:00:14,000');
    expect(r.first.range).toEqual([10, 12]);
    expect(r.first.split).toBe('5');
  });

  it('closes and reopens open formatting tags', () => {
    const r = splitLine(line('<i>one two</i>'), 6)!;
    expect(r.first.text).toBe('<i>one</i>');
    expect(r.second.text).toBe('<i>two</i>');
  });

  it('does not split inside a tag', () => {
    const r = splitLine(line('<b>x</b>'), 2)!;
    expect(r.first.text).toBe('');
    expect(r.second.text).toBe('<b>x</b>');
  });

  it('refuses malformed or too short timing', () => {
    expect(splitLine(line('ab', 'bad'), 1)).toBeUndefined();
    expect(splitLine(line('ab', '00:00:01,000', '00:00:01,001'), 1)).toBeUndefined();
  });

  it('halves the time when both parts are empty', () => {
    const r = splitLine(line(''), 0)!;
    expect(r.first.stopTime).toBe('00:00:12,000');
  });
});

describe('merge', () => {
  it('joins text with a line break, from first start to second stop', () => {
    const m = mergeLines(
      line('one', '00:00:01,000', '00:00:02,000'),
      line('two', '00:00:02,500', '00:00:04,000', { number: 6 }),
    )!;
    expect(m.text).toBe('one\ntwo');
    expect(m.startTime).toBe('00:00:01,000');
    expect(m.stopTime).toBe('00:00:04,000');
    expect(m.merged).toBe('5,6');
    expect(m.machine).toBe(true);
  });

  it('skips an empty side and stays hand-written when one side was', () => {
    const m = mergeLines(line(''), line('two', '00:00:14,000', '00:00:15,000', { custom: true }))!;
    expect(m.text).toBe('two');
    expect(m).toMatchObject({ custom: true, machine: false, auto: false });
  });

  it('split then merge gives the text and timing back', () => {
    const original = line('hello world');
    const { first, second } = splitLine(original, 5)!;
    const back = mergeLines(first, second)!;
    expect(back.text).toBe('hello\nworld');
    expect(back.startTime).toBe(original.startTime);
    expect(back.stopTime).toBe(original.stopTime);
  });
});

describe('where the text came from, through split and merge', () => {
  const at = (text: string, flags: Partial<Line>, start: string, stop: string): Line => ({
    number: 1,
    text,
    startTime: start,
    stopTime: stop,
    ...flags,
  });

  it('an empty line merged with a line from the memory stays from the memory', () => {
    const empty = at('', {}, '00:00:01,000', '00:00:02,000');
    const memory = at('Cours !', { auto: true }, '00:00:02,000', '00:00:03,000');
    expect(sourceOf(mergeLines(empty, memory)!)).toBe('auto');
    expect(sourceOf(mergeLines(memory, empty)!)).toBe('auto');
  });

  it('memory and hand-written merge as hand-written; memory and machine as machine', () => {
    const memory = at('Cours !', { auto: true }, '00:00:01,000', '00:00:02,000');
    const hand = at('Vite.', { custom: true }, '00:00:02,000', '00:00:03,000');
    const machine = at('Vite.', { machine: true }, '00:00:02,000', '00:00:03,000');
    expect(sourceOf(mergeLines(memory, hand)!)).toBe('custom');
    expect(sourceOf(mergeLines(memory, machine)!)).toBe('machine');
  });

  it('both parts of a split line from the memory stay from the memory', () => {
    const parts = splitLine(at('Cours, vite !', { auto: true }, '00:00:01,000', '00:00:03,000'), 6)!;
    expect([sourceOf(parts.first), sourceOf(parts.second)]).toEqual(['auto', 'auto']);
  });
});
