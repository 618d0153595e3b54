import { describe, expect, it } from 'vitest';
import { validateInput } from './validate.ts';

const schema = {
  type: 'object',
  properties: {
    amount: { type: 'integer', minimum: 1 },
    updates: {
      type: 'object',
      properties: { headline: { type: 'string', maxLength: 5 } },
      additionalProperties: false,
    },
  },
  required: ['amount'],
  additionalProperties: false,
};

describe('validateInput', () => {
  it('accepts input that fits', async () => {
    expect(await validateInput('t', schema, { amount: 2, updates: { headline: 'hi' } })).toBeNull();
  });

  it('names a missing required field', async () => {
    const refusal = await validateInput('t', schema, {});
    expect(refusal?.code).toBe('INVALID_INPUT');
    expect(refusal?.details['field']).toBe('amount');
    expect(refusal?.message).toContain('"amount" is required');
  });

  it('names a nested field and what was expected', async () => {
    const refusal = await validateInput('t', schema, { amount: 1, updates: { headline: 'far too long' } });
    expect(refusal?.details['field']).toBe('updates.headline');
    expect(refusal?.message).toMatch(/updates\.headline.*too long/);
  });

  it('names a field that is not accepted', async () => {
    const refusal = await validateInput('t', schema, { amount: 1, updates: { price: '1' } });
    expect(refusal?.details['field']).toBe('updates.price');
    expect(refusal?.message).toContain('not accepted');
  });

  it('names a wrong type', async () => {
    const refusal = await validateInput('t', schema, { amount: 'two' });
    expect(refusal?.details['field']).toBe('amount');
    expect(refusal?.message).toContain('integer');
  });
});
