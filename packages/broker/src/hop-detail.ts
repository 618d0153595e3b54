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
