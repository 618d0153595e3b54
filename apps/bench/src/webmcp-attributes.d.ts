// The declarative WebMCP attributes, which Preact's element types do not know yet. The kernel
// sets `toolname` itself; components only ever write the descriptions and toolautosubmit.
import 'preact';

declare module 'preact' {
  // The type parameter must match Preact's own declaration for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<RefType extends EventTarget = EventTarget> {
    tooldescription?: string;
    toolautosubmit?: string;
    toolparamdescription?: string;
  }
}
