// One policy for every piece of free text an agent or a person gives the bench, stated in the
// schemas themselves (so a model reads it) and enforced by the kernel's validator: not blank, no
// control characters, bounded. Attendance and counts are bounded by the board's size.

import { validateInput, type JsonSchema } from '@warrant/surface';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECLARATIONS, wordsOf } from './declarations.ts';
import { GATED_ROWS, READ_ROWS } from './rulebook.ts';
import { DEFAULT_BYLAWS } from './bylaws/registry.ts';

interface Field {
  readonly tool: string;
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly toolSchema: JsonSchema;
}

const ROWS = [...READ_ROWS, ...GATED_ROWS.map((row) => ({ ...row, ...wordsOf(row) }))];
const fields = (type: string): Field[] =>
  ROWS.flatMap((row) =>
    Object.entries((row.inputSchema['properties'] ?? {}) as Record<string, Record<string, unknown>>)
      .filter(([, schema]) => schema['type'] === type && !('enum' in schema))
      .map(([name, schema]) => ({ tool: row.name, name, schema, toolSchema: row.inputSchema })),
  );
const TEXT = fields('string');
const COUNTS = fields('integer');

/** A valid input for the tool with `text` in `field`: every other required field filled plainly. */
function inputWith(field: Field, value: unknown): Record<string, unknown> {
  const properties = field.toolSchema['properties'] as Record<string, Record<string, unknown>>;
  const required = (field.toolSchema['required'] as string[] | undefined) ?? [];
  const input: Record<string, unknown> = {};
  for (const name of required) {
    const schema = properties[name] ?? {};
    input[name] = Array.isArray(schema['enum']) ? schema['enum'][0] : schema['type'] === 'integer' ? 1 : 'Bettina Lund';
  }
  input[field.name] = value;
  return input;
}

describe('the free-text policy', () => {
  it('is stated in every text field of every tool: not blank, a maximum length, control characters refused', () => {
    expect(TEXT.length).toBeGreaterThan(20);
    for (const field of TEXT) {
      expect(field.schema['minLength'], `${field.tool}.${field.name}`).toBe(1);
      expect(field.schema['maxLength'], `${field.tool}.${field.name}`).toEqual(expect.any(Number));
      expect(field.schema['pattern'], `${field.tool}.${field.name}`).toEqual(expect.any(String));
    }
  });

  it('refuses a control character anywhere, naming the field', async () => {
    const control = fc
      .integer({ min: 0, max: 0x9f })
      .filter((c) => c < 0x20 || c >= 0x7f)
      .map((c) => String.fromCharCode(c));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TEXT),
        fc.string({ maxLength: 10 }),
        control,
        fc.string({ maxLength: 10 }),
        async (field, before, bad, after) => {
          const refused = await validateInput(
            field.tool,
            field.toolSchema,
            inputWith(field, `Lund${before}${bad}${after}`),
          );
          expect(refused).toMatchObject({
            ok: false,
            isError: true,
            code: 'INVALID_INPUT',
            details: { field: field.name },
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses blank text, and text longer than its field allows; accepts a plain name', async () => {
    for (const field of TEXT) {
      for (const blank of ['', ' ', '   ', '\u00a0\u2003']) {
        expect(
          await validateInput(field.tool, field.toolSchema, inputWith(field, blank)),
          `${field.tool}.${field.name} ${JSON.stringify(blank)}`,
        ).toMatchObject({ code: 'INVALID_INPUT' });
      }
      const tooLong = 'x'.repeat((field.schema['maxLength'] as number) + 1);
      expect(await validateInput(field.tool, field.toolSchema, inputWith(field, tooLong))).toMatchObject({
        code: 'INVALID_INPUT',
        details: { field: field.name },
      });
      expect(
        await validateInput(field.tool, field.toolSchema, inputWith(field, 'Inés Carvajal “the treasurer”')),
      ).toBeNull();
    }
  });

  it('refuses a megabyte of text in a name', async () => {
    expect(
      await validateInput('second_pending_motion', DECLARATIONS.second_pending_motion.inputSchema, {
        seconder: 'L'.repeat(1_000_000),
      }),
    ).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'seconder' } });
  });

  it('refuses a property name that is not valid Unicode (a lone surrogate) as invalid input', async () => {
    const refused = await validateInput('second_pending_motion', DECLARATIONS.second_pending_motion.inputSchema, {
      seconder: 'Lund',
      ['\ud800']: 'x',
    });
    expect(refused).toMatchObject({ ok: false, isError: true, code: 'INVALID_INPUT' });
  });
});

describe('attendance and counts', () => {
  it('are whole numbers from 0 to the board’s size, in every schema', async () => {
    expect(COUNTS.map((f) => `${f.tool}.${f.name}`).sort()).toEqual([
      'record_vote_tally.abstain',
      'record_vote_tally.aye',
      'record_vote_tally.nay',
      'set_members_present.present',
    ]);
    for (const field of COUNTS) {
      expect(field.schema).toMatchObject({ minimum: 0, maximum: DEFAULT_BYLAWS.boardSize });
      for (const bad of [DEFAULT_BYLAWS.boardSize + 1, 100, 1e9, 1e308, -1, 2.5]) {
        expect(
          await validateInput(field.tool, field.toolSchema, inputWith(field, bad)),
          `${field.name}=${bad}`,
        ).toMatchObject({ code: 'INVALID_INPUT', details: { field: field.name } });
      }
      expect(await validateInput(field.tool, field.toolSchema, inputWith(field, DEFAULT_BYLAWS.boardSize))).toBeNull();
    }
  });
});
