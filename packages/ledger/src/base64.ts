// Standard base64 (RFC 4648 §4, with padding) for keys and signatures in a tree head. Decoding
// accepts only the one canonical spelling of some bytes, so a head has one textual form and a
// signature check cannot be passed with a variant spelling of the same key.
const ALPHABET = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 1) binary += String.fromCharCode(bytes[index] as number);
  return btoa(binary);
}

/** The bytes `text` spells, or null unless it is canonical base64. */
export function fromBase64(text: string): Uint8Array | null {
  if (!ALPHABET.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  // Unused low bits of the last character must be zero: "AB==" and "AC==" would spell one byte.
  return toBase64(bytes) === text ? bytes : null;
}
