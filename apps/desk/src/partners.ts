// The partners this desk works with, read from its configuration (partners.json, data only). Each
// entry is a partner's manifest as the partner serves it at PARTNER_MANIFEST_PATH, less its origin
// (the origin registry's, so it follows the port base) and its receipt key (the partner
// publishes it), plus the reads find_capacity makes there for a request. A partner is added by
// adding an entry (and its site to @warrant/config); nothing here names one.
import {
  createPartnerDirectory,
  readPartnerManifest,
  type Compensation,
  type PartnerDirectory,
  type PartnerManifest,
  type PartnerName,
} from '@warrant/broker';
import { SITES, type Site } from '@warrant/config';
import { REQUEST_FIELDS, type CapacityRead, type RequestField } from './domain/needs.ts';
import configured from './partners.json' with { type: 'json' };

interface Configured {
  readonly manifest: PartnerManifest;
  /** Where the desk's server reaches the partner's (its site's address; the browser uses its origin). */
  readonly address: string;
  readonly reads: readonly CapacityRead[];
}

function readEntry(entry: unknown, index: number): Configured {
  const at = `apps/desk/src/partners.json, entry ${index + 1}`;
  const named =
    typeof entry === 'object' && entry !== null ? (entry as { name?: unknown; capacity_reads?: unknown }) : {};
  const site =
    typeof named.name === 'string' ? (SITES as Readonly<Partial<Record<string, Site>>>)[named.name] : undefined;
  if (!site || site.role !== 'partner')
    throw new Error(`${at} names ${String(named.name)}, which is not a partner site in @warrant/config's SITES.`);
  const read = readPartnerManifest({ ...(entry as object), origin: site.origin, receipt_key: null });
  if (!read.ok) throw new Error(`${at}: ${read.problem}`);
  const { manifest } = read;
  const reads = Array.isArray(named.capacity_reads) ? (named.capacity_reads as unknown[]) : [];
  return {
    manifest,
    address: site.address,
    reads: reads.map((value) => {
      const { tool, args } = (value ?? {}) as { tool?: unknown; args?: unknown };
      if (typeof tool !== 'string' || !manifest.scopes.read_capacity.includes(tool))
        throw new Error(`${at}: capacity read ${String(tool)} is not one of ${manifest.name}'s reads.`);
      const fields = Object.entries(typeof args === 'object' && args !== null ? args : {});
      const stray = fields.find(([, field]) => !REQUEST_FIELDS.includes(field as RequestField));
      if (stray)
        throw new Error(
          `${at}: argument ${stray[0]} of ${tool} comes from ${String(stray[1])}, which is not a request field.`,
        );
      return { tool, args: Object.fromEntries(fields) as Record<string, RequestField> };
    }),
  };
}

const CONFIGURED: readonly Configured[] = (configured as readonly unknown[]).map(readEntry);

export const PARTNER_DIRECTORY: PartnerDirectory = createPartnerDirectory(CONFIGURED.map((entry) => entry.manifest));

export const PARTNERS: readonly PartnerName[] = PARTNER_DIRECTORY.names;

const ADDRESSES: ReadonlyMap<PartnerName, string> = new Map(
  CONFIGURED.map((entry) => [entry.manifest.name, entry.address]),
);

/**
 * Where the desk's server reaches a partner's server: on this computer, at the address it listens
 * on. Not its origin, whose host may be one only browsers resolve (WARRANT_SITE_HOSTS).
 */
export function partnerAddressOf(partner: PartnerName): string {
  const address = ADDRESSES.get(partner);
  if (address === undefined) throw new Error(`${partner} is not in apps/desk/src/partners.json.`);
  return address;
}

/** The reads find_capacity makes at each partner under a read lease. */
export const CAPACITY_READS: Readonly<Partial<Record<PartnerName, readonly CapacityRead[]>>> = Object.fromEntries(
  CONFIGURED.map((entry) => [entry.manifest.name, entry.reads]),
);

/**
 * Every partner's undo map in one, by write name: a step's compensation found by its tool alone
 * (the desk server sees a step's origin and tool). So no two partners may name a write alike.
 */
export const COMPENSATION_MAP: Readonly<Record<string, Compensation>> = (() => {
  const merged: Record<string, Compensation> = {};
  for (const { manifest } of CONFIGURED) {
    for (const tool of manifest.tools.filter((entry) => entry.access === 'write')) {
      if (
        CONFIGURED.some(
          (other) => other.manifest !== manifest && other.manifest.tools.some((entry) => entry.name === tool.name),
        )
      ) {
        throw new Error(
          `apps/desk/src/partners.json: ${tool.name} is a write of two partners; this desk tells steps apart by tool name.`,
        );
      }
    }
    Object.assign(merged, manifest.compensations);
  }
  return merged;
})();
