import { SITES } from '@warrant/config';
import { describe, expect, it } from 'vitest';
import { COMPENSATION_MAP } from './compensation-map.ts';
import { PARTNER_TOOLS } from './partner-tools.ts';
import { PARTNERS } from './partners.ts';
import { SCOPE_MAP } from './scope-map.ts';

// The spec's table (shared/spec/desk.md, "Partner tools (19)"), transcribed as its text.
const SPEC_TABLE = `
| pantry | list_parcel_stock, check_dietary_fit {people, needs}, read_pantry_notes | reserve_parcels {kind, count, dietary, pickup_by} → release_parcels {reservation} |
| shelter | list_bed_availability {night}, check_accessibility {needs}, read_shelter_notes | hold_beds {kind, count, night} → release_beds {hold} |
| rides | list_ride_windows {date}, read_ride_notes | book_ride {window, seats, from, to} → cancel_ride {booking} |
| coldchain | list_cold_units, read_temperature_log {unit}, read_coldchain_notes | reserve_cold_slot {unit, item, quantity, until} → release_cold_slot {slot} |
`;

interface SpecTool {
  partner: string;
  name: string;
  params: string[];
}

function parseTools(cell: string, partner: string): SpecTool[] {
  return [...cell.matchAll(/([a-z_]+)(?:\s*\{([^}]*)\})?/g)].map((match) => ({
    partner,
    name: match[1] as string,
    params: match[2] ? match[2].split(',').map((param) => param.trim()) : [],
  }));
}

const spec = SPEC_TABLE.trim()
  .split('\n')
  .map((line) => line.split('|').map((cell) => cell.trim()))
  .map(([, partner = '', reads = '', writes = '']) => {
    const [forward = '', undo = ''] = writes.split('→');
    return { partner, reads: parseTools(reads, partner), forward: parseTools(forward, partner)[0] as SpecTool, undo: parseTools(undo, partner)[0] as SpecTool };
  });

describe('the partner tool catalogue', () => {
  it('holds the 19 tools of the spec: 5 pantry, 5 shelter, 4 rides, 5 coldchain', () => {
    expect(PARTNER_TOOLS).toHaveLength(19);
    expect(PARTNERS.map((partner) => PARTNER_TOOLS.filter((tool) => tool.partner === partner).length)).toEqual([5, 5, 4, 5]);
    expect(new Set(PARTNER_TOOLS.map((tool) => tool.name)).size).toBe(19);
  });

  it('names each tool, its access, its arguments and its compensation as the spec table does', () => {
    for (const row of spec) {
      for (const read of row.reads) expect(PARTNER_TOOLS).toContainEqual(expect.objectContaining({ ...read, access: 'read', compensation: null }));
      expect(PARTNER_TOOLS).toContainEqual(expect.objectContaining({ ...row.forward, access: 'write', compensation: row.undo.name }));
      expect(PARTNER_TOOLS).toContainEqual(expect.objectContaining({ ...row.undo, access: 'write', compensation: null }));
    }
    expect(spec.flatMap((row) => [...row.reads, row.forward, row.undo])).toHaveLength(19);
  });

  it('marks the notes reads, the tools that return what people wrote, as untrusted content', () => {
    expect(PARTNER_TOOLS.filter((tool) => tool.untrustedContent).map((tool) => tool.name)).toEqual(['read_pantry_notes', 'read_shelter_notes', 'read_ride_notes', 'read_coldchain_notes']);
  });

  it('covers exactly the partner sites of the origin registry', () => {
    const registered = Object.values(SITES).filter((site) => site.role === 'partner').map((site) => site.name);
    expect([...PARTNERS].sort()).toEqual([...registered].sort());
  });
});

describe('the scope map', () => {
  it('gives read_capacity each partner’s reads and execute_plan its writes and their compensations', () => {
    for (const partner of PARTNERS) {
      const tools = PARTNER_TOOLS.filter((tool) => tool.partner === partner);
      expect([...SCOPE_MAP[partner].read_capacity].sort()).toEqual(tools.filter((tool) => tool.access === 'read').map((tool) => tool.name).sort());
      const forward = tools.filter((tool) => tool.compensation !== null);
      const writes = [...forward.map((tool) => tool.name), ...forward.map((tool) => tool.compensation as string)];
      expect([...SCOPE_MAP[partner].execute_plan].sort()).toEqual(writes.sort());
    }
  });
});

describe('the compensation map', () => {
  it('covers every write: each is undone by the map, or is itself the undo of exactly one write', () => {
    for (const tool of PARTNER_TOOLS.filter((entry) => entry.access === 'write')) {
      const compensation = COMPENSATION_MAP[tool.name];
      const undoes = Object.entries(COMPENSATION_MAP).filter(([, entry]) => entry.undo === tool.name);
      expect(Boolean(compensation) !== (undoes.length === 1), tool.name).toBe(true);
      if (compensation) {
        expect(compensation.undo).toBe(tool.compensation);
        const undo = PARTNER_TOOLS.find((entry) => entry.name === compensation.undo);
        expect(undo?.partner).toBe(tool.partner);
        expect(undo?.access).toBe('write');
        // The undo's arguments are exactly those the catalogue names for it.
        expect(Object.keys(compensation.args).sort()).toEqual([...(undo?.params ?? [])].sort());
      }
    }
    expect(Object.keys(COMPENSATION_MAP).every((name) => PARTNER_TOOLS.some((tool) => tool.name === name && tool.access === 'write'))).toBe(true);
  });
});
