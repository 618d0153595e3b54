// A ledger row's detail is kept for machines as key=value pairs ("tool=hold_beds receipt=R-1
// outcome=done done=2 of=2"); the exported file and read_ledger keep it so. A person reading the
// table gets the same pairs as words ("tool hold beds, receipt R-1, outcome done, done 2 of 2"),
// the exact text one hover away (the cell's title).

const PAIR = /([a-z_]+)=("(?:[^"\\]|\\.)*"|\S+)/g;

/** A value as words: quotes dropped, snake_case spaced. Ids, digests and numbers stay as they are. */
function valueWords(value: string): string {
  if (value.startsWith('"') && value.endsWith('"')) {
    try {
      return String(JSON.parse(value));
    } catch {
      return value.slice(1, -1);
    }
  }
  return /^[a-z]+(_[a-z]+)+$/.test(value) ? value.replaceAll('_', ' ') : value.replaceAll(',', ', ');
}

/** The detail as words; a detail with no key=value pair in it is already words and stays as it is. */
export function detailWords(detail: string): string {
  if (!PAIR.test(detail)) return detail;
  PAIR.lastIndex = 0;
  // "done=2 of=2" reads as "done 2 of 2": the pairs are spaced, joined with commas except before "of".
  const words = detail.replace(
    PAIR,
    (_pair, key: string, value: string) => `${key.replaceAll('_', ' ')} ${valueWords(value)},`,
  );
  return words
    .replace(/,\s+of /g, ' of ')
    .replace(/,(\s*)$/, '$1')
    .trim();
}
