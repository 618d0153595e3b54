// Free text an agent or a person types into the desk: bounded, with at least one visible
// character, and no control or invisible character (C0, DEL, C1, zero-width, bidi, byte-order
// mark), which could forge a line of the record or make what a person reads differ from what a
// model receives. The rule is the base's (freeTextSchema), the same the partners keep. Stated
// in the schema, so the kernel refuses it before any verb runs and a model sees the rule it must keep.
import { freeTextSchema } from '@warrant/base';

export function freeText(
  maxLength: number,
  description: string,
  options: { readonly optional?: boolean } = {},
): Record<string, unknown> {
  return freeTextSchema({
    maxLength,
    optional: options.optional === true,
    description: `${description} Plain text, at most ${maxLength} characters, no control or invisible characters (zero-width, bidi, byte-order mark).`,
  });
}
