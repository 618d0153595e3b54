// Inside a field, `\`, TAB, LF and CR are written `\\`, `\t`, `\n`, `\r`, so a field never holds
// the characters that separate fields and lines. Unescaping accepts those four escapes only: any
// other would parse to a value that writes back differently.

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const UNESCAPED: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

export function escapeField(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPES, (char) => ESCAPED[char] as string) : value;
}

/** The value a written field stands for, or null when it holds an escape serialising never writes. */
export function unescapeField(text: string): string | null {
  if (!text.includes('\\')) return text;
  let value = '';
  let from = 0;
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', from)) {
    const replacement = UNESCAPED[text.charAt(at + 1)];
    if (replacement === undefined) return null;
    value += text.slice(from, at) + replacement;
    from = at + 2;
  }
  return value + text.slice(from);
}
