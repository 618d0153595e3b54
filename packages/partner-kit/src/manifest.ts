// What a partner site publishes about itself (the broker's PartnerManifest), made from its
// definition and nothing else: its tools with their read/write kind, their arguments (the
// properties of each tool's own schema) and whether they return text people wrote; its scopes
// (read_capacity covers its reads, execute_plan its writes); the undo of each write that declares
// one; and the key its receipts are signed with.
import type { Compensation, PartnerManifest, PartnerTool } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { JsonSchema } from '@warrant/surface';
import type { PartnerDefinition } from './definition.ts';
import type { PartnerState } from './partner-state.ts';

const paramsOf = (schema: JsonSchema): string[] => Object.keys((schema['properties'] ?? {}) as Record<string, unknown>);

/** The undo of each write of the site that declares one, by the write's name. */
export function compensationsOf<D, E>(definition: PartnerDefinition<D, E>): Readonly<Record<string, Compensation>> {
  return Object.fromEntries(
    definition.writes.flatMap((spec) => (spec.compensation ? [[spec.name, spec.compensation]] : [])),
  );
}

/** The site's manifest for the state it holds (a tool's arguments are read from its schema for that state). */
export function partnerManifest<D, E>(
  definition: PartnerDefinition<D, E>,
  state: PartnerState<D>,
  receiptKey: string | null,
): PartnerManifest {
  const site = SITES[definition.site];
  const tools: PartnerTool[] = [
    ...definition.reads.map((spec): PartnerTool => ({
      name: spec.name,
      access: 'read',
      params: paramsOf(spec.inputSchema(state)),
      untrusted: spec.untrusted === true,
    })),
    ...definition.writes.map((spec): PartnerTool => ({
      name: spec.name,
      access: 'write',
      params: paramsOf(spec.inputSchema(state)),
      untrusted: false,
    })),
  ];
  return {
    name: definition.site,
    origin: site.origin,
    title: site.title,
    tools,
    scopes: {
      read_capacity: definition.reads.map((spec) => spec.name),
      execute_plan: definition.writes.map((spec) => spec.name),
    },
    compensations: compensationsOf(definition),
    receipt_key: receiptKey,
  };
}
