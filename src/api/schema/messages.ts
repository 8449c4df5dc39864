/**
 * The words of every validation problem a schema reports without a message of its own, in the browser (problems a
 * page lists when it could not read a field) and on the server (the 400 `message` and `details`).
 *
 * zod/mini ships no messages (every problem would read "Invalid input"), and zod's English locale costs ~1.3 kB
 * gzip on the first route for codes and formats this contract never uses. These are written for the people
 * who read them: "expected a whole number, received text" rather than "expected int, received string".
 * Installed as zod's `customError`, which also wins over the locale zod's classic build sets on the server.
 */
import type * as z from 'zod/mini';

type Issue = z.core.$ZodRawIssue;

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
  nan: 'NaN',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  if (typeof value === 'number' && Number.isInteger(value)) return 'int';
  return typeof value;
}

const kind = (name: string) => KINDS[name] ?? name;
const plural = (n: number | bigint, unit: string) => `${n} ${unit}${n === 1 || n === 1n ? '' : 's'}`;

function bound(
  issue: Extract<Issue, { code: 'too_small' | 'too_big' }>,
  limit: number | bigint,
  small: boolean,
): string {
  const exactly = issue.exact ? 'exactly' : undefined;
  const word =
    exactly ?? (small ? (issue.inclusive ? 'at least' : 'more than') : issue.inclusive ? 'at most' : 'less than');
  if (issue.origin === 'string')
    return small && limit === 1 && !issue.exact ? 'cannot be empty' : `${word} ${plural(limit, 'character')}`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${word} ${plural(limit, 'item')}`;
  return `${word} ${limit}`;
}

export function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      return `expected ${kind(issue.expected)}, received ${kind(kindOf(issue.input))}`;
    case 'too_small':
      return bound(issue, issue.minimum, true);
    case 'too_big':
      return bound(issue, issue.maximum, false);
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${JSON.stringify(issue.values[0])}`
        : `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'does not have the expected form' : `not a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    default:
      return 'invalid value';
  }
}
