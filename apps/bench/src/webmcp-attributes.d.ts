// The declarative WebMCP attributes, which Preact's element types do not know yet. Only the
// descriptions are here: the kernel sets `toolname` and `toolautosubmit` from the rulebook's rows,
// so markup cannot spell either.
import 'preact';

declare module 'preact' {
  // The type parameter must match Preact's own declaration for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<RefType extends EventTarget = EventTarget> {
    tooldescription?: string;
    toolparamdescription?: string;
  }
}
