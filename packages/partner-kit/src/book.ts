// Each seeding of a site opens a new "book": a short random tag that every id minted in it
// carries. A reset starts a new book, so a reservation id or receipt id from before the reset can
// never name something made after it.

// No I, L, O, U, 0 or 1: a tag is read aloud over the phone and copied by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const BOOK_LENGTH = 4;
const BOOK_PATTERN = `[${ALPHABET}]{${BOOK_LENGTH}}`;

export function newBook(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return Array.from(random(new Uint8Array(BOOK_LENGTH)), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** The id of the thing the entry `seq` of book `book` makes: "PR-K7QD-12". */
export function mintId(prefix: string, book: string, seq: number): string {
  return `${prefix}-${book}-${seq}`;
}

/** The schema pattern of ids minted with `prefix`. */
export function idPattern(prefix: string): string {
  return `^${prefix}-${BOOK_PATTERN}-[1-9][0-9]{0,6}$`;
}
