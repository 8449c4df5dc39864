import { describe, expect, it } from 'vitest';
import { orderEstimate } from './estimate';

describe('orderEstimate', () => {
  it('prices each line, with a minimum', () => {
    expect(orderEstimate(150)).toEqual({ base: '975.00 USD', applied: '975.00 USD' });
    expect(orderEstimate(3)).toEqual({ base: '150.00 USD', applied: '150.00 USD' });
    expect(orderEstimate(0)).toEqual({ base: '150.00 USD', applied: '150.00 USD' });
  });

  it('reads a bad count as no lines', () => {
    expect(orderEstimate(Number.NaN).base).toBe('150.00 USD');
    expect(orderEstimate(-5).base).toBe('150.00 USD');
    expect(orderEstimate(101.7).base).toBe('656.50 USD');
  });
});
