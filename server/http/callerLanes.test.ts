import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { CallerLanes } from './callerLanes';
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

/** A task that runs until `finish()`. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => done, finish };
}

describe('CallerLanes', () => {
  it("refuses a caller's request past its lane and line with 429 and Retry-After, not another caller's", async () => {
    const lanes = new CallerLanes({ concurrency: 2, queue: 0 }, 'lookups');
    const reply = replyStub();
    const work = held();
    const running = [lanes.run('ann', reply, work.task), lanes.run('ann', reply, work.task)];
    const other = lanes.run('bob', reply, work.task);
    const refused = await lanes.run('ann', reply, work.task).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests', details: { retryAfter: 1, limit: 2 } });
    expect((refused as Error).message).toMatch(/at most 2 at once per user/);
    expect(reply.sent['Retry-After']).toBe('1');
    work.finish();
    await Promise.all([...running, other]);
    // Every slot came back: the lane is gone, and Ann may run two again.
    expect(lanes.load('ann')).toEqual({ running: 0, waiting: 0 });
  });

  it('lets requests past the lane wait in line, in order, up to the queue', async () => {
    const lanes = new CallerLanes({ concurrency: 1, queue: 2 }, 'list reads');
    const reply = replyStub();
    const order: string[] = [];
    const first = held();
    const a = lanes.run('ann', reply, async () => {
      await first.task();
      order.push('a');
    });
    const b = lanes.run('ann', reply, async () => void order.push('b'));
    const c = lanes.run('ann', reply, async () => void order.push('c'));
    expect(lanes.load('ann')).toEqual({ running: 1, waiting: 2 });
    await expect(lanes.run('ann', reply, async () => undefined)).rejects.toMatchObject({ status: 429 });
    first.finish();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(lanes.load('ann')).toEqual({ running: 0, waiting: 0 });
  });
});
