// The partners a broker can reach: the manifests it was handed, and the questions the broker asks
// of them (which tool a name is at a partner, its act class, whether a lease covers it, how a
// write is undone, a partner's origin). The broker holds no partner of its own.
import type { LeasePurpose } from './lease-purposes.ts';
import type { Compensation, PartnerManifest, PartnerName, PartnerTool } from './partner-manifest.ts';
import type { ActClass } from './policy-table.ts';

export interface PartnerDirectory {
  /** The partners, in the order they were given. */
  readonly names: readonly PartnerName[];
  has(partner: string): partner is PartnerName;
  manifest(partner: PartnerName): PartnerManifest | undefined;
  /** The partner's origin; throws for a partner the directory does not hold (check `has` first). */
  originOf(partner: PartnerName): string;
  tool(partner: PartnerName, name: string): PartnerTool | undefined;
  /** The act class of calling `name` at `partner`: a read, a write, or a tool its manifest does not list. */
  actOf(partner: PartnerName, name: string): ActClass;
  /** The tools a lease of `purpose` on `partner` covers (none for an unknown partner). */
  scope(partner: PartnerName, purpose: LeasePurpose): readonly string[];
  inScope(lease: { readonly partner: PartnerName; readonly purpose: LeasePurpose }, name: string): boolean;
  /** The partner's undo map, by write name (empty for an unknown partner). */
  compensations(partner: PartnerName): Readonly<Record<string, Compensation>>;
}

/** A directory over `manifests`. Throws if two share a name or an origin: a call must reach one partner. */
export function createPartnerDirectory(manifests: readonly PartnerManifest[]): PartnerDirectory {
  const byName = new Map<string, PartnerManifest>();
  for (const manifest of manifests) {
    if (byName.has(manifest.name)) throw new Error(`Two partner manifests are named ${manifest.name}.`);
    const same = [...byName.values()].find((known) => known.origin === manifest.origin);
    if (same) throw new Error(`Partners ${same.name} and ${manifest.name} have the same origin, ${manifest.origin}.`);
    byName.set(manifest.name, manifest);
  }
  const directory: PartnerDirectory = {
    names: [...byName.keys()] as PartnerName[],
    has: (partner): partner is PartnerName => byName.has(partner),
    manifest: (partner) => byName.get(partner),
    originOf(partner) {
      const manifest = byName.get(partner);
      if (!manifest) throw new Error(`${partner} is not in the partner directory.`);
      return manifest.origin;
    },
    tool: (partner, name) => byName.get(partner)?.tools.find((tool) => tool.name === name),
    actOf(partner, name) {
      const tool = directory.tool(partner, name);
      if (!tool) return 'partner_unlisted';
      return tool.access === 'read' ? 'partner_read' : 'partner_write';
    },
    scope: (partner, purpose) => byName.get(partner)?.scopes[purpose] ?? [],
    inScope: (lease, name) => directory.scope(lease.partner, lease.purpose).includes(name),
    compensations: (partner) => byName.get(partner)?.compensations ?? {},
  };
  return directory;
}
