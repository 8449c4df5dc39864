import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, parseJsonBody } from './jsonBody';
import { HttpError } from './errors';

function problem(text: string): string {
  try {
    parseJsonBody(text);
  } catch (e) {
    if (e instanceof HttpError) return `${e.status} ${e.message}`;
    throw e;
  }
  return 'accepted';
}

const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);

describe('parseJsonBody', () => {
  it('takes an object, and an empty body as no body', () => {
    expect(parseJsonBody('{"name":"x","lines":[{"text":"a \\"quoted\\" \\\\"}],"n":-1.5e3}')).toEqual({
      name: 'x',
      lines: [{ text: 'a "quoted" \\' }],
      n: -1500,
    });
    expect(parseJsonBody('  ')).toBeUndefined();
  });

  it('refuses what is not a JSON object', () => {
    for (const text of ['[]', '"x"', '1', 'null', 'true'])
      expect(problem(text)).toBe('400 body: expected a JSON object');
    expect(problem('{"a":')).toBe('400 body: not valid JSON');
  });

  it(`accepts ${MAX_BODY_DEPTH} levels and refuses one more, or a thousand`, () => {
    expect(problem(nested(MAX_BODY_DEPTH))).toBe('accepted');
    expect(problem(nested(MAX_BODY_DEPTH + 1))).toBe(`400 body: nested deeper than ${MAX_BODY_DEPTH} levels`);
    expect(problem(`{"a":${'['.repeat(1000)}${']'.repeat(1000)}}`)).toBe(
      `400 body: nested deeper than ${MAX_BODY_DEPTH} levels`,
    );
    // brackets inside strings are text
    expect(problem(`{"a":"${'[{'.repeat(100)}"}`)).toBe('accepted');
  });

  it('refuses __proto__ and constructor.prototype keys, however written', () => {
    expect(problem('{"__proto__":{"admin":true}}')).toBe('400 body: the key "__proto__" is not allowed');
    expect(problem('{"lines":[{"t":1},{"\\u005f_proto__":{}}]}')).toBe(
      '400 body at lines.1: the key "__proto__" is not allowed',
    );
    expect(problem('{"a":{"constructor":{"prototype":{"x":1}}}}')).toBe(
      '400 body at a.constructor: the key "prototype" is not allowed',
    );
    expect(problem('{"constructor":"a name","prototype":"fine"}')).toBe('accepted');
  });

  it('refuses text no store can keep (NUL, an unpaired surrogate) in values and keys, however deep; takes pairs', () => {
    const refused = (where: string) =>
      `400 ${where}: text with a NUL character or an unpaired surrogate (\\u0000, \\ud800) cannot be stored`;
    expect(problem('{"name":"a\\u0000b"}')).toBe(refused('body at name'));
    expect(problem('{"name":"a\\ud800b"}')).toBe(refused('body at name'));
    expect(problem('{"name":"a\\udc00"}')).toBe(refused('body at name'));
    expect(problem('{"name":"\\ude00\\ud83d"}')).toBe(refused('body at name'));
    expect(problem('{"lines":[{"text":"ok"},{"text":"\\u0000"}]}')).toBe(refused('body at lines.1.text'));
    expect(problem('{"a":{"k\\u0000":1}}')).toBe(refused('body at a'));
    // A pair (an emoji written as two escapes or as itself), an escaped backslash before "u0000", other escapes.
    expect(parseJsonBody('{"name":"\\ud83d\\ude00 \u{1F600} \\\\u0000 \\u00e9\\n"}')).toEqual({
      name: '\u{1F600} \u{1F600} \\u0000 é\n',
    });
  });

  it('refuses a key given twice in one object, not the same key in two objects', () => {
    expect(problem('{"status":"complete","status":"incomplete"}')).toBe(
      '400 body: the key "status" is given twice in one object',
    );
    expect(problem('{"a":[{"k":1},{"k":2,"k":3}]}')).toBe('400 body at a.1: the key "k" is given twice in one object');
    expect(problem('{"a":{"k":1},"b":{"k":1}}')).toBe('accepted');
  });

  it('refuses numbers a JavaScript number cannot hold exactly', () => {
    expect(problem('{"n":1e400}')).toBe('400 body at n: the number 1e400 is out of range');
    expect(problem('{"n":[0,-1e999]}')).toBe('400 body at n.1: the number -1e999 is out of range');
    expect(problem('{"created":12345678901234567890}')).toMatch(
      /^400 body at created: the integer 12345678901234567890 is beyond/,
    );
    expect(problem('{"n":9007199254740991,"f":0.12345678901234567,"e":1.5e300}')).toBe('accepted');
  });
});
