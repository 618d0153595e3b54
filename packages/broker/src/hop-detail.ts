// A hop's detail as `key=value` pairs. A value with a space, a quote, "=" or a control character is
// written as a JSON string, so a reader can split the detail back into its pairs.

export function hopDetail(pairs: Readonly<Record<string, string | number | boolean | null | undefined>>): string {
  return Object.entries(pairs)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null)
    .map(([key, value]) => `${key}=${quoted(String(value))}`)
    .join(' ');
}

function quoted(value: string): string {
  return value === '' || /[\s"=\p{Cc}]/u.test(value) ? JSON.stringify(value) : value;
}

/** A detail split back into its pairs; a pair that does not parse ends the reading (what came before stands). */
export function readHopDetail(detail: string): Readonly<Record<string, string>> {
  const pairs: Record<string, string> = {};
  const pair = /\s*([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|[^\s"=]*)(?=\s|$)/y;
  let match: RegExpExecArray | null;
  while ((match = pair.exec(detail)) !== null) {
    const [, key, raw] = match as unknown as [string, string, string];
    if (raw.startsWith('"')) {
      try {
        pairs[key] = JSON.parse(raw) as string;
      } catch {
        break;
      }
    } else pairs[key] = raw;
    if (pair.lastIndex >= detail.length) break;
  }
  return pairs;
}
