// How deeply a JSON text nests, counted without parsing it: a parser or a checker that walks a
// value recursively overflows its stack on a body thousands of levels deep (one such body answered
// 500), so the depth is counted first, over the characters, in one pass with no recursion.

/** No route's JSON nests deeper than this; a body that does is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** Whether `json` opens more than `most` arrays or objects inside one another at any point. */
export function nestsDeeperThan(json: string, most: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < json.length; at++) {
    const code = json.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) {
      if (++depth > most) return true;
    } else if (CLOSERS.has(code)) depth--;
  }
  return false;
}
