import { SITES } from '@warrant/config';
import { describe, expect, it } from 'vitest';
import { CAPACITY_READS, COMPENSATION_MAP, PARTNER_DIRECTORY, PARTNERS } from './partners.ts';

// The spec's table (shared/spec/desk.md, "Partner tools (19)"), transcribed as its text, and the
// fifth partner this desk adds in the same form: the desk's configuration (partners.json) states
// each partner's tools again, and must agree with it.
const SPEC_TABLE = `
| pantry | list_parcel_stock, check_dietary_fit {people, needs}, read_pantry_notes | reserve_parcels {kind, count, dietary, pickup_by} → release_parcels {reservation} |
| shelter | list_bed_availability {night}, check_accessibility {needs}, read_shelter_notes | hold_beds {kind, count, night} → release_beds {hold} |
| rides | list_ride_windows {date}, read_ride_notes | book_ride {window, seats, from, to} → cancel_ride {booking} |
| coldchain | list_cold_units, read_temperature_log {unit}, read_coldchain_notes | reserve_cold_slot {unit, item, quantity, until} → release_cold_slot {slot} |
| laundry | laundry_capacity {day}, read_laundry_notes | book_wash_slot {day, window, loads} → cancel_wash_slot {booking} |
`;

interface SpecTool {
  name: string;
  params: string[];
}

function parseTools(cell: string): SpecTool[] {
  return [...cell.matchAll(/([a-z_]+)(?:\s*\{([^}]*)\})?/g)].map((match) => ({
    name: match[1] as string,
    params: match[2] ? match[2].split(',').map((param) => param.trim()) : [],
  }));
}

const spec = SPEC_TABLE.trim()
  .split('\n')
  .map((line) => line.split('|').map((cell) => cell.trim()))
  .map(([, partner = '', reads = '', writes = '']) => {
    const [forward = '', undo = ''] = writes.split('→');
    return {
      partner,
      reads: parseTools(reads),
      forward: parseTools(forward)[0] as SpecTool,
      undo: parseTools(undo)[0] as SpecTool,
    };
  });

const manifests = PARTNERS.map((partner) => PARTNER_DIRECTORY.manifest(partner)!);
const allTools = manifests.flatMap((manifest) => manifest.tools.map((tool) => ({ ...tool, partner: manifest.name })));

describe("the desk's partner configuration", () => {
  it('holds the partners of the table in its order, each with its tools and no other: 5 pantry, 5 shelter, 4 rides, 5 coldchain, 4 laundry', () => {
    expect(PARTNERS).toEqual(spec.map((row) => row.partner));
    expect(manifests.map((manifest) => manifest.tools.length)).toEqual([5, 5, 4, 5, 4]);
    expect(new Set(allTools.map((tool) => tool.name)).size).toBe(allTools.length);
  });

  it('names each tool, its access and its arguments as the table does, and each write’s undo', () => {
    for (const row of spec) {
      const manifest = PARTNER_DIRECTORY.manifest(row.partner as never)!;
      for (const read of row.reads)
        expect(manifest.tools).toContainEqual(expect.objectContaining({ ...read, access: 'read' }));
      expect(manifest.tools).toContainEqual(expect.objectContaining({ ...row.forward, access: 'write' }));
      expect(manifest.tools).toContainEqual(expect.objectContaining({ ...row.undo, access: 'write' }));
      expect(Object.keys(manifest.compensations)).toEqual([row.forward.name]);
      expect(manifest.compensations[row.forward.name]?.undo).toBe(row.undo.name);
    }
  });

  it('marks the notes reads, the tools that return what people wrote, as untrusted content', () => {
    expect(allTools.filter((tool) => tool.untrusted).map((tool) => tool.name)).toEqual([
      'read_pantry_notes',
      'read_shelter_notes',
      'read_ride_notes',
      'read_coldchain_notes',
      'read_laundry_notes',
    ]);
  });

  it('covers exactly the partner sites of the origin registry, on their origins', () => {
    const registered = Object.values(SITES).filter((site) => site.role === 'partner');
    expect([...PARTNERS].sort()).toEqual(registered.map((site) => site.name).sort());
    for (const site of registered)
      expect(PARTNER_DIRECTORY.manifest(site.name)).toMatchObject({
        origin: site.origin,
        title: site.title,
        receipt_key: null,
      });
  });

  it('gives read_capacity each partner’s reads and execute_plan its writes and their undos', () => {
    for (const manifest of manifests) {
      expect([...manifest.scopes.read_capacity].sort()).toEqual(
        manifest.tools
          .filter((tool) => tool.access === 'read')
          .map((tool) => tool.name)
          .sort(),
      );
      const forward = Object.entries(manifest.compensations);
      expect([...manifest.scopes.execute_plan].sort()).toEqual(
        [...forward.map(([write]) => write), ...forward.map(([, undo]) => undo.undo)].sort(),
      );
    }
  });

  it('undoes each undoable write with its undo’s own arguments, and merges the undo maps without a clash', () => {
    for (const manifest of manifests) {
      for (const [write, compensation] of Object.entries(manifest.compensations)) {
        const undo = manifest.tools.find((tool) => tool.name === compensation.undo);
        expect(Object.keys(compensation.args).sort(), write).toEqual([...(undo?.params ?? [])].sort());
        expect(COMPENSATION_MAP[write]).toEqual(compensation);
      }
    }
    expect(Object.keys(COMPENSATION_MAP)).toHaveLength(spec.length);
  });

  it('reads capacity at every partner with reads it has', () => {
    for (const manifest of manifests) {
      const reads = CAPACITY_READS[manifest.name] ?? [];
      expect(reads.length, manifest.name).toBeGreaterThan(0);
      for (const read of reads) expect(manifest.scopes.read_capacity).toContain(read.tool);
    }
  });
});
