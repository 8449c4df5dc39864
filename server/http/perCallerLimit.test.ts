import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { PerCallerLimit } from './perCallerLimit';
import { HttpError } from './errors';

/** The reply's one use here: the headers set on it. */
function replyStub(): FastifyReply & { sent: Record<string, string> } {
  const sent: Record<string, string> = {};
  return {
    sent,
    header(name: string, value: string) {
      sent[name] = value;
      return this;
    },
  } as unknown as FastifyReply & { sent: Record<string, string> };
}

describe('PerCallerLimit', () => {
  it('lets each caller hold up to the limit, then answers 429 with Retry-After', () => {
    const limit = new PerCallerLimit(2, 'lookups');
    const reply = replyStub();
    limit.enter('ann', reply);
    limit.enter('ann', reply);
    // Another caller is not limited by Ann's slots.
    limit.enter('bob', reply);
    let refused: unknown;
    try {
      limit.enter('ann', reply);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      details: { retryAfter: 1, limit: 2 },
    });
    expect((refused as Error).message).toMatch(/at most 2 at once per user/);
    expect(reply.sent['Retry-After']).toBe('1');
  });

  it('gives a slot back once, however often it is released', () => {
    const limit = new PerCallerLimit(2, 'lookups');
    const reply = replyStub();
    const first = limit.enter('ann', reply);
    limit.enter('ann', reply);
    first();
    first();
    expect(limit.held('ann')).toBe(1);
    limit.enter('ann', reply);
    expect(limit.held('ann')).toBe(2);
  });
});
