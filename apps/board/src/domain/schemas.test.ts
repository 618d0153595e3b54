import { describe, expect, it } from 'vitest';
import { editSchema, expansionSchema, NO_INPUT, submitSchema } from './schemas.ts';
import { ok, stages } from './test-support.ts';

// Each tool's schema in a state: what the agent is shown, and what the kernel validates against.

describe('tool schemas', () => {
  it('takes no input for the reads', () => {
    expect(NO_INPUT).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('lists only framed fields in the edit schema, with the version as a const', () => {
    const { human, framed } = stages();
    expect(editSchema(framed)).toEqual({
      type: 'object',
      properties: {
        scopeVersion: { type: 'integer', const: 1 },
        updates: {
          type: 'object',
          properties: {
            headline: { type: 'string', maxLength: 80 },
            description: { type: 'string', maxLength: 180 },
          },
          additionalProperties: false,
          minProperties: 1,
        },
      },
      required: ['scopeVersion', 'updates'],
      additionalProperties: false,
    });
    const dated = ok(human.setScope(framed, ['launch_date']));
    expect(editSchema(dated)).toMatchObject({
      properties: {
        scopeVersion: { const: 2 },
        updates: { properties: { launch_date: { pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 } } },
      },
    });
  });

  it('offers only unframed fields in the request schema, with a bounded reason', () => {
    const { framed } = stages();
    expect(expansionSchema(framed)).toEqual({
      type: 'object',
      properties: {
        scopeVersion: { type: 'integer', const: 1 },
        fields: {
          type: 'array',
          description: expect.any(String),
          items: { type: 'string', enum: ['product_name', 'audience', 'launch_date', 'price'] },
          minItems: 1,
          uniqueItems: true,
        },
        reason: { type: 'string', description: expect.any(String), minLength: 8, maxLength: 280 },
      },
      required: ['scopeVersion', 'fields', 'reason'],
      additionalProperties: false,
    });
  });

  it('binds submit to the version alone', () => {
    const { edited } = stages();
    expect(submitSchema(edited)).toEqual({
      type: 'object',
      properties: { scopeVersion: { type: 'integer', const: 1 } },
      required: ['scopeVersion'],
      additionalProperties: false,
    });
  });
});
