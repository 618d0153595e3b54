// What a ledger is, whatever its fields: a named, ordered list of typed fields, the first the
// row's position (`seq`), the last its chain hash (`chain`). The row type, the draft type, the TSV
// header, the order fields are written in and what each may hold are all read from one schema, so
// a ledger of other fields is another schema, not another codec.

/**
 * What a field holds. `seq`: the row's position, from 1. `timestamp`: an instant as
 * Date.prototype.toISOString writes it. `token`: a name or id, or empty. `digest`: 64 lowercase
 * hex digits, or empty. `text`: free text (escaped in the TSV). `chain`: 64 lowercase hex digits.
 * `enum`: one of `values`.
 */
export type FieldKind = 'seq' | 'timestamp' | 'token' | 'digest' | 'text' | 'chain' | 'enum';

/**
 * Who supplies the value: the caller must (`required`), may (`optional`: a token, digest or text
 * left out is empty, a time left out is stamped by the store), or the store computes it (`sealed`).
 */
export type FieldGiven = 'required' | 'optional' | 'sealed';

export interface FieldDeclaration {
  readonly name: string;
  readonly kind: FieldKind;
  readonly given: FieldGiven;
  readonly values?: readonly string[];
}

export interface LedgerSchema<F extends readonly FieldDeclaration[] = readonly FieldDeclaration[]> {
  /** Names the ledger: its IndexedDB database is `warrant-<name>-ledger` unless told otherwise. */
  readonly name: string;
  readonly fields: F;
}

/** Longest token, and longest free text, in UTF-16 code units. */
export const TOKEN_MAX_LENGTH = 128;
export const TEXT_MAX_LENGTH = 4096;

/** A field name, an enum value: written bare in the TSV, so never a character it separates or escapes. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._:@/+-]*$/;

/**
 * A ledger schema, checked: the first field is `seq` (sealed), the last `chain` (sealed), and no
 * other field is either; names are distinct and bare; an enum has values and is required (an
 * absent one would have no value to write); a timestamp may be optional (the store stamps it).
 * Throws on a schema that breaks these, when the module declaring it loads.
 */
export function defineLedgerSchema<const F extends readonly FieldDeclaration[]>(
  name: string,
  fields: F,
): LedgerSchema<F> {
  const problem = schemaProblem(name, fields);
  if (problem !== null) throw new Error(`Ledger schema "${name}": ${problem}`);
  return Object.freeze({
    name,
    fields: Object.freeze(fields.map((field) => Object.freeze({ ...field }))) as unknown as F,
  });
}

function schemaProblem(name: string, fields: readonly FieldDeclaration[]): string | null {
  if (!NAME.test(name)) return 'its name must be letters, digits and . _ : @ / + -';
  const first = fields[0];
  const last = fields[fields.length - 1];
  if (
    fields.length < 3 ||
    first?.name !== 'seq' ||
    first.kind !== 'seq' ||
    last?.name !== 'chain' ||
    last.kind !== 'chain'
  ) {
    return 'the first field must be seq (kind seq) and the last chain (kind chain), with at least one field between';
  }
  const names = new Set<string>();
  for (const [index, field] of fields.entries()) {
    if (!NAME.test(field.name))
      return `field ${index + 1}'s name ${JSON.stringify(field.name)} cannot be written bare in a TSV header`;
    if (names.has(field.name)) return `the field ${field.name} is declared twice`;
    names.add(field.name);
    const edge = index === 0 || index === fields.length - 1;
    if ((field.kind === 'seq' || field.kind === 'chain') !== edge)
      return `${field.name}: only the first field is a seq and only the last a chain`;
    if ((field.given === 'sealed') !== edge)
      return `${field.name}: only seq and chain are sealed (computed by the store)`;
    if (field.kind === 'enum') {
      if (field.given !== 'required') return `${field.name}: an enum field must be required`;
      if (!field.values?.length || field.values.some((value) => !NAME.test(value)))
        return `${field.name}: an enum needs values written bare`;
    } else if (field.values !== undefined) {
      return `${field.name}: only an enum field has values`;
    }
  }
  return null;
}

type FieldOf<S extends LedgerSchema> = S['fields'][number];
type ValueOf<F extends FieldDeclaration> = F extends { kind: 'seq' }
  ? number
  : F extends { values: readonly (infer V)[] }
    ? V
    : string;

/** The names of a schema's fields. */
export type FieldNameOf<S extends LedgerSchema> = FieldOf<S>['name'];

/** One row: every field, typed by its declaration. */
export type RowOf<S extends LedgerSchema> = { readonly [F in FieldOf<S> as F['name']]: ValueOf<F> };

/** What the chain hashes: every field but the chain itself. */
export type ChainedOf<S extends LedgerSchema> = Omit<RowOf<S>, 'chain'>;

/** What a caller appends: the store adds `seq` and `chain`, stamps an absent time, and empties absent tokens, digests and text. */
export type DraftOf<S extends LedgerSchema> = {
  readonly [F in FieldOf<S> as F extends { given: 'required' } ? F['name'] : never]: ValueOf<F>;
} & {
  readonly [F in FieldOf<S> as F extends { given: 'optional' } ? F['name'] : never]?: ValueOf<F>;
};

/** A row of any schema, as the codec handles it inside. */
export type AnyRow = { readonly seq: number; readonly chain: string; readonly [field: string]: unknown };
