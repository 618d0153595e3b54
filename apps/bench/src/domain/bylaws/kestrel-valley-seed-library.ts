// The Kestrel Valley Seed Library's bylaws: the assembly the seeded meeting is of, and the bylaws
// of every record that names none (records made before a meeting named its bylaws).
import type { BylawsFile } from './bylaws-file.ts';

export const KESTREL_VALLEY_SEED_LIBRARY = {
  id: 'kestrel-valley-seed-library',
  name: 'Kestrel Valley Seed Library',
  body: 'Board of Trustees',
  authority: "Robert's Rules of Order Newly Revised, 12th edition",
  boardSize: 9,
  quorum: { kind: 'number', count: 5 },
  quorumSource: 'Bylaws Art. V §2',
  members: null,
} as const satisfies BylawsFile;
