// One regular expression for a whole TSV line, compiled from the schema's fields. Verifying a
// ledger reads every line, and one native regex test is several times faster than splitting a
// line and checking each field's string; the field-by-field reading (tsv.ts) runs only to say what
// is wrong with a line this refuses. What a pattern cannot say (that a seq is a safe integer,
// that a date exists, a lone surrogate, free text's length once unescaped) is then checked in
// place, by position, so that a line that passes allocates nothing.
import { unescapeField } from './escape.ts';
import { isInstantAt, loneSurrogateAt, SURROGATE } from './field-check.ts';
import {
  TEXT_MAX_LENGTH,
  TOKEN_MAX_LENGTH,
  type FieldDeclaration,
  type FieldKind,
  type LedgerSchema,
} from './schema.ts';

const FRAGMENTS: Record<FieldKind, (field: FieldDeclaration) => string> = {
  seq: () => '[1-9][0-9]*',
  timestamp: () => '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z',
  enum: (field) => `(?:${(field.values ?? []).map((value) => value.replace(/[.+]/g, '\\$&')).join('|')})`,
  token: () => `(?:[A-Za-z0-9][A-Za-z0-9._:@/+-]{0,${TOKEN_MAX_LENGTH - 1}})?`,
  digest: () => '(?:[0-9a-f]{64})?',
  chain: () => '[0-9a-f]{64}',
  // Any run of characters but TAB, LF, CR and backslash, with a backslash only in one of the
  // four escapes. Written unrolled so the engine never backtracks over long text.
  text: () => '[^\\t\\n\\r\\\\]*(?:\\\\[\\\\tnr][^\\t\\n\\r\\\\]*)*',
};

/** Digits in Number.MAX_SAFE_INTEGER: a seq with fewer is always safe. */
const SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

function checkedInPlace(kind: FieldKind, text: string, start: number, end: number, surrogates: boolean): boolean {
  switch (kind) {
    case 'seq':
      return end - start < SAFE_DIGITS || Number.isSafeInteger(Number(text.slice(start, end)));
    case 'timestamp':
      return isInstantAt(text, start);
    default: {
      // Only free text can hold a surrogate (every other fragment is ASCII); escapes only
      // lengthen text, so text that is short as written is short enough.
      if (surrogates && loneSurrogateAt(text.slice(start, end)) !== -1) return false;
      return (
        end - start <= TEXT_MAX_LENGTH || (unescapeField(text.slice(start, end))?.length ?? Infinity) <= TEXT_MAX_LENGTH
      );
    }
  }
}

export interface LinePattern {
  /**
   * True when `text` from `start` to `end` (a line, without its LF) is one that serialising a
   * valid row could have written. `surrogates`: whether the text may hold any surrogate at all, so
   * a ledger with none is not searched for lone ones row by row.
   */
  isWellFormedLineAt(text: string, start: number, end: number, surrogates: boolean): boolean;
  /** True when the line (without its LF) is one that serialising a valid row could have written. */
  isWellFormedLine(line: string): boolean;
}

export function linePattern(schema: LedgerSchema): LinePattern {
  const fields = schema.fields;
  // Sticky, and ended by a line feed or the end of the text, so a line is checked where it lies in
  // a whole ledger without being copied out of it.
  const line = new RegExp(`${fields.map((field) => FRAGMENTS[field.kind](field)).join('\\t')}(?=\\n|$)`, 'y');
  /** The fields whose text still needs a check of its own, by position in the line. */
  const checked = fields.flatMap((field, index) =>
    field.kind === 'seq' || field.kind === 'timestamp' || field.kind === 'text' ? [{ index, kind: field.kind }] : [],
  );
  const last = fields.length - 1;

  // A line that matched holds exactly one TAB between fields, so a field is found by counting TABs
  // from whichever end of the line is nearer: free text near the end (as the desk's, second to
  // last) is found in two steps back rather than in one step per field before it.
  const isWellFormedLineAt = (text: string, start: number, end: number, surrogates: boolean): boolean => {
    line.lastIndex = start;
    if (!line.test(text) || line.lastIndex !== end) return false;
    let field = 0;
    let fieldStart = start;
    for (const { index, kind } of checked) {
      let from: number;
      let to: number;
      if (index <= last - index) {
        for (; field < index; field += 1) fieldStart = text.indexOf('\t', fieldStart) + 1;
        from = fieldStart;
        to = index === last ? end : text.indexOf('\t', fieldStart);
      } else {
        to = end;
        for (let after = last; after > index; after -= 1) to = text.lastIndexOf('\t', to - 1);
        from = text.lastIndexOf('\t', to - 1) + 1;
      }
      if (!checkedInPlace(kind, text, from, to, surrogates)) return false;
    }
    return true;
  };
  return {
    isWellFormedLineAt,
    isWellFormedLine: (text) => !text.includes('\n') && isWellFormedLineAt(text, 0, text.length, SURROGATE.test(text)),
  };
}
