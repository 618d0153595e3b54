// A partner definition as kernel rows. Reads are always in order and read-only; reads of
// people's notes say so (untrustedContentHint). Writes are consequential, in order by their own
// verdict, take the write envelope, and all run through the site's one write pipeline.
import { WRITE_CONTROL_SCHEMA } from '@warrant/broker';
import { defineRow, type JsonSchema, type Row, type Verdict } from '@warrant/surface';
import type { PartnerDefinition } from './definition.ts';
import type { PartnerSite } from './partner-site.ts';
import type { PartnerState } from './partner-state.ts';

const ALWAYS: Verdict = { legal: true };

/** Said once for every write, after its own description. */
const WRITE_CONTRACT =
  'Every write takes `request` (the desk request it serves) and `idempotency_key`. It returns { ok: true, result, receipt: { id, tool, request, digest }, message }; the digest is the SHA-256 of the canonical JSON (RFC 8785) of { tool, args, result }. The same key again with the same arguments returns the first answer unchanged, with replayed: true, and changes nothing; the same key with other arguments is refused.';

const enveloped = new WeakMap<JsonSchema, JsonSchema>();

/**
 * The write's own schema with the desk's write controls (`request`, `idempotency_key`, as the
 * broker's partner contract declares them) added; the same object each time for the same schema.
 */
export function withEnvelope(schema: JsonSchema): JsonSchema {
  let full = enveloped.get(schema);
  if (!full) {
    const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = (schema['required'] ?? []) as string[];
    full = {
      ...schema,
      properties: { ...properties, ...WRITE_CONTROL_SCHEMA },
      required: [...required, 'request', 'idempotency_key'],
    };
    enveloped.set(schema, full);
  }
  return full;
}

export interface PartnerRowsOptions {
  /**
   * Why this document registers no write at all, or null where writes follow their own verdicts:
   * a frame the desk mounted for a read lease holds reads only (defence in depth; the site's
   * server refuses an unauthorized write wherever it comes from).
   */
  readonly writesBarred?: string | null;
}

export function partnerRows<D, E>(
  definition: PartnerDefinition<D, E>,
  site: Pick<PartnerSite<D>, 'read' | 'write'>,
  options: PartnerRowsOptions = {},
): Row<PartnerState<D>>[] {
  const barred: Verdict | null = options.writesBarred
    ? { legal: false, reason: options.writesBarred, code: 'NOT_IN_THIS_FRAME' }
    : null;
  const reads = definition.reads.map((spec) =>
    defineRow<PartnerState<D>, never>({
      name: spec.name,
      title: spec.title,
      description: () => spec.description,
      annotations: spec.untrusted ? { readOnlyHint: true, untrustedContentHint: true } : { readOnlyHint: true },
      verdict: () => ALWAYS,
      inputSchema: (state) => spec.inputSchema(state),
      run: (_state, input) => site.read(spec.name, input),
    }),
  );
  const writes = definition.writes.map((spec) => {
    const description = `${spec.description} ${WRITE_CONTRACT}`;
    return defineRow<PartnerState<D>, Readonly<Record<string, unknown>>>({
      name: spec.name,
      title: spec.title,
      description: () => description,
      annotations: { consequentialHint: true },
      verdict: (state) => barred ?? spec.verdict(state),
      inputSchema: (state) => withEnvelope(spec.inputSchema(state)),
      run: (_state, input, ctx) =>
        site.write({ tool: spec.name, input, caller: ctx.caller, channel: ctx.channel, signal: ctx.signal }),
    });
  });
  return [...reads, ...writes];
}
