/**
 * Request bodies: JSON text to a value, with the limits docs/API.md states ("Limits and headers"). A body is a JSON
 * object nested at most MAX_BODY_DEPTH levels, without `__proto__` keys (nor `constructor.prototype`), without a key
 * given twice in one object, with numbers a JavaScript number holds exactly enough: finite, integers within ±2^53,
 * and with text every store can hold: no NUL character, no lone UTF-16 surrogate (PostgreSQL's jsonb refuses both).
 * Anything else is a 400 naming the rule, before any route sees the body.
 */
import { badRequest } from './errors';

/**
 * The deepest nesting a body may have. The deepest records a client sends back are a few levels deep (a share's
 * permissions, a translation's lines, a work request's embedded asset: 4 to 6 levels, test/api/edge.test.ts measures
 * the seeded ones); recursive code on bodies (src/api/computed.ts, SQLite's JSON functions) stays far from its limits.
 */
export const MAX_BODY_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const DOT = 0x2e;
const PLUS = 0x2b;
const LOWER_E = 0x65;
const UPPER_E = 0x45;

/** One open object (with the keys seen so far) or array, and where in it the scan is. */
interface Level {
  keys: Set<string> | undefined;
  at: string | number;
}

/** The parsed body: `undefined` for an empty one, else a JSON object within the limits. */
export function parseJsonBody(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('body: not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('body: expected a JSON object');
  checkStructure(text);
  return value as Record<string, unknown>;
}

/** Where a problem is, for messages: `body` or `body at lines.3.text`. */
function where(stack: Level[]): string {
  const path = stack
    .map((l) => l.at)
    .filter((p) => p !== '')
    .join('.');
  return path ? `body at ${path}` : 'body';
}

/** Index of the quote closing the string that opens at `start` (the text is valid JSON). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/**
 * A NUL character or a UTF-16 surrogate without its pair. JSON can write both (`\u0000`, `\ud800`) and SQLite keeps
 * them, but PostgreSQL's jsonb cannot store them: one rule for every store, so a record never depends on where it
 * is kept (nor fails to move from one to the other). Raw text cannot hold either: JSON.parse refuses a raw control
 * character, and the UTF-8 decoder turns an encoded lone surrogate into U+FFFD.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Refuses a string (a key or a value, as JSON text between its quotes) holding text no store can keep. */
function checkText(raw: string, at: Level[]): string {
  if (!raw.includes('\\')) return raw;
  const text = JSON.parse(`"${raw}"`) as string;
  if (raw.includes('\\u') && unstorable(text))
    throw badRequest(
      `${where(at)}: text with a NUL character or an unpaired surrogate (\\u0000, \\ud800) cannot be stored`,
    );
  return text;
}

function checkKey(key: string, stack: Level[]): void {
  const level = stack[stack.length - 1]!;
  const parent = stack[stack.length - 2];
  if (key === '__proto__' || (key === 'prototype' && parent?.keys && parent.at === 'constructor')) {
    throw badRequest(`${where(stack.slice(0, -1))}: the key "${key}" is not allowed`);
  }
  if (level.keys!.has(key))
    throw badRequest(`${where(stack.slice(0, -1))}: the key "${key}" is given twice in one object`);
  level.keys!.add(key);
  level.at = key;
}

function checkNumber(token: string, stack: Level[]): void {
  const n = Number(token);
  if (!Number.isFinite(n)) throw badRequest(`${where(stack)}: the number ${token.slice(0, 40)} is out of range`);
  if (Number.isInteger(n) && !/[.eE]/.test(token) && !Number.isSafeInteger(n)) {
    throw badRequest(
      `${where(stack)}: the integer ${token.slice(0, 40)} is beyond ±${Number.MAX_SAFE_INTEGER}, where integers stop being exact`,
    );
  }
}

/** One pass over valid JSON text: depth, keys and numbers (JSON.parse has already checked the syntax). */
function checkStructure(text: string): void {
  const stack: Level[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const raw = text.slice(i + 1, end);
      if (expectKey) {
        checkKey(checkText(raw, stack.slice(0, -1)), stack);
        expectKey = false;
      } else if (raw.includes('\\u')) {
        checkText(raw, stack);
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (stack.length >= MAX_BODY_DEPTH) throw badRequest(`body: nested deeper than ${MAX_BODY_DEPTH} levels`);
      const isObject = c === OPEN_OBJECT;
      stack.push({ keys: isObject ? new Set() : undefined, at: isObject ? '' : 0 });
      expectKey = isObject;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
      expectKey = false;
    } else if (c === COMMA) {
      const level = stack[stack.length - 1]!;
      if (level.keys) expectKey = true;
      else level.at = (level.at as number) + 1;
    } else if (c === MINUS || (c >= DIGIT_0 && c <= DIGIT_9)) {
      let end = i + 1;
      let plain = true; // digits only: no fraction, no exponent
      let exponent = false;
      for (; end < text.length; end++) {
        const d = text.charCodeAt(end);
        if (d >= DIGIT_0 && d <= DIGIT_9) continue;
        if (d === LOWER_E || d === UPPER_E) exponent = true;
        else if (d !== DOT && d !== PLUS && d !== MINUS) break;
        plain = false;
      }
      // Only an exponent can overflow, only a long integer can lose digits.
      if (exponent || (plain && end - i > 15)) checkNumber(text.slice(i, end), stack);
      i = end - 1;
    }
  }
}
