// Text that is not well-formed UTF-16 (a lone surrogate) has no UTF-8 form: it cannot be hashed,
// stored as UTF-8 or shown faithfully. The kernel refuses it in any input; the digest and the
// ledger refuse it too, and all three say where it is.

/** Index of the first unpaired UTF-16 surrogate in `text`, or -1 when the text is well-formed. */
export function loneSurrogateAt(text: string): number {
  if (text.isWellFormed()) return -1;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
      else return index;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return index;
    }
  }
  return -1;
}
