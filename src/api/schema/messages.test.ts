import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { language } from './language';
import { line } from './translation';
import { statusChange } from './workRequest';
import { invitationAcceptance } from './invitation';
import { errorBody } from './error';

function messages(schema: z.core.$ZodType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('validation messages', () => {
  it('names the expected and the received kind in plain words', () => {
    expect(messages(line, { text: 7, number: 'one', auto: 'yes', range: {} })).toEqual([
      'number: expected a number, received text',
      'text: expected text, received a whole number',
      'auto: expected true or false, received text',
      'range: expected a list, received an object',
    ]);
    expect(messages(line, { number: 1.5 })).toEqual(['number: expected a whole number, received a number']);
    expect(messages(language, { translationFonts: [{ size: null }] })).toEqual([
      'translationFonts.0.size: expected a number, received null',
    ]);
  });

  it('says a missing field is required', () => {
    expect(messages(errorBody, {})).toEqual(['error: required']);
  });

  it('states lengths in characters, and an empty text as empty', () => {
    expect(messages(language, { name: 'x'.repeat(201) })).toEqual(['name: at most 200 characters']);
    expect(messages(statusChange, { status: 'approved', reason: '   ' })).toEqual(['reason: a reason is required']);
    expect(messages(z.object({ a: z.string().check(z.minLength(1)) }), { a: '' })).toEqual(['a: cannot be empty']);
    expect(messages(z.object({ a: z.array(z.string()).check(z.minLength(2)) }), { a: ['x'] })).toEqual([
      'a: at least 2 items',
    ]);
  });

  it('lists the allowed values of an enumeration', () => {
    expect(messages(statusChange, { status: 'done', reason: 'ok' })[0]).toBe(
      'status: expected one of "incomplete", "submitted", "awaiting-materials", "in-progress", "for-review", "approved", "rejected", "complete", "cancelled"',
    );
  });

  it('keeps the messages a schema gives itself', () => {
    expect(messages(line, { startTime: '1:2:3' })).toEqual(['startTime: expected a timecode HH:MM:SS,mmm']);
    expect(messages(invitationAcceptance, { name: 'A', password: 'short' })).toEqual([
      'password: at least 8 characters',
    ]);
  });

  it('names unknown fields of a strict object', () => {
    expect(messages(z.strictObject({ a: z.optional(z.string()) }), { b: 1, c: 2 })).toEqual([': unknown fields: b, c']);
  });
});
