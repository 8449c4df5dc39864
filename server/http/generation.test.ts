import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { Generations } from '../storage/store';
import { generationsOf } from './generation';

describe('generationsOf', () => {
  it('asks the store once per request', async () => {
    let asked = 0;
    const store = { generations: () => Promise.resolve({ Users: ++asked } as unknown as Generations) };
    const one = {} as FastifyRequest;
    const other = {} as FastifyRequest;
    expect((await generationsOf(one, store)).Users).toBe(1);
    expect((await generationsOf(one, store)).Users).toBe(1);
    expect((await generationsOf(other, store)).Users).toBe(2);
    expect(asked).toBe(2);
  });
});
