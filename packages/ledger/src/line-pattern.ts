// One regular expression for a whole TSV line, compiled from the field declaration. Verifying a
// ledger reads every line, and one native regex pass is several times faster than splitting a
// line and checking seventeen strings; the field-by-field reading (tsv.ts) runs only to say what
// is wrong with a line this refuses. What a pattern cannot say (that a date exists, that a seq is
// a safe integer, a lone surrogate, free text's length once unescaped) is checked on the groups
// it captures.
import { unescapeField } from './escape.ts';
import { FIELD_CHECKS } from './field-check.ts';
import { LEDGER_FIELDS, TOKEN_MAX_LENGTH, type FieldDeclaration, type FieldKind } from './fields.ts';

const FRAGMENTS: Record<FieldKind, (field: FieldDeclaration) => string> = {
  seq: () => '([1-9][0-9]*)',
  timestamp: () => '(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)',
  enum: (field) => `(?:${(field.values ?? []).join('|')})`,
  token: () => `(?:[A-Za-z0-9][A-Za-z0-9._:@/+-]{0,${TOKEN_MAX_LENGTH - 1}})?`,
  digest: () => '(?:[0-9a-f]{64})?',
  chain: () => '[0-9a-f]{64}',
  // Any run of characters but TAB, LF, CR and backslash, with a backslash only in one of the
  // four escapes. Written unrolled so the engine never backtracks over long text.
  text: () => '([^\\t\\n\\r\\\\]*(?:\\\\[\\\\tnr][^\\t\\n\\r\\\\]*)*)',
};

const LINE = new RegExp(`^${LEDGER_FIELDS.map((field) => FRAGMENTS[field.kind](field)).join('\\t')}$`);

/** The fields whose captured text still needs its own check, in the order they are captured. */
const CAPTURED = LEDGER_FIELDS.flatMap((field, index) =>
  field.kind === 'seq' || field.kind === 'timestamp' || field.kind === 'text' ? [{ kind: field.kind, check: FIELD_CHECKS[index] as (value: unknown) => boolean }] : [],
);

/** True when the line is one that serialising a valid row could have written. */
export function isWellFormedLine(line: string): boolean {
  const match = LINE.exec(line);
  if (!match) return false;
  for (let group = 0; group < CAPTURED.length; group += 1) {
    const { kind, check } = CAPTURED[group] as (typeof CAPTURED)[number];
    const text = match[group + 1] as string;
    const value = kind === 'seq' ? Number(text) : kind === 'text' ? unescapeField(text) : text;
    if (!check(value)) return false;
  }
  return true;
}
