// Free text an agent or a person types into the desk: bounded, with at least one visible
// character, and no control characters (C0, DEL, C1), which could forge a line of the record or
// hide what a person reads. Stated in the schema, so the kernel refuses it before any verb runs
// and a model sees the rule it must keep.

const NO_CONTROLS = '^[^\\u0000-\\u001f\\u007f-\\u009f]*$';
const VISIBLE_AND_NO_CONTROLS = '^(?=[^\\u0000-\\u001f\\u007f-\\u009f]*\\S)[^\\u0000-\\u001f\\u007f-\\u009f]*$';

export function freeText(maxLength: number, description: string, options: { readonly optional?: boolean } = {}): Record<string, unknown> {
  return {
    type: 'string',
    ...(options.optional ? {} : { minLength: 1 }),
    maxLength,
    pattern: options.optional ? NO_CONTROLS : VISIBLE_AND_NO_CONTROLS,
    description: `${description} Plain text, at most ${maxLength} characters, no control characters.`,
  };
}
