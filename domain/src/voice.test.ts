import { describe, expect, it } from 'vitest';
import { demoCallRequestSchema } from './voice';

describe('the demo-call request', () => {
  it('accepts an empty demo-call body and refuses anything else', () => {
    expect(demoCallRequestSchema.safeParse({}).success).toBe(true);
    expect(demoCallRequestSchema.safeParse({ agent: 'x' }).success).toBe(false);
    expect(demoCallRequestSchema.safeParse([]).success).toBe(false);
  });
});
