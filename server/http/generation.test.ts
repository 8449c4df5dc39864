import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { generationOf } from './generation';

describe('generationOf', () => {
  it('asks the store once per request', async () => {
    let asked = 0;
    const store = { generation: () => Promise.resolve(++asked) };
    const one = {} as FastifyRequest;
    const other = {} as FastifyRequest;
    expect(await generationOf(one, store)).toBe(1);
    expect(await generationOf(one, store)).toBe(1);
    expect(await generationOf(other, store)).toBe(2);
    expect(asked).toBe(2);
  });
});
