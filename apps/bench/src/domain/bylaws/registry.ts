// Every organisation's bylaws the bench knows, by id, and the bylaws a record that names none is
// read under. A meeting chooses one when it is created; adding an organisation is adding its file
// beside this one and listing it here.
import type { BylawsFile } from './bylaws-file.ts';
import { KESTREL_VALLEY_SEED_LIBRARY } from './kestrel-valley-seed-library.ts';
import { MILLBROOK_COMMUNITY_LAND_TRUST } from './millbrook-community-land-trust.ts';

export const BYLAWS_FILES: readonly BylawsFile[] = [KESTREL_VALLEY_SEED_LIBRARY, MILLBROOK_COMMUNITY_LAND_TRUST];

/**
 * The bylaws of a record whose first entry names none: every record kept before meetings named
 * their bylaws was the Kestrel Valley Seed Library's, so it reads exactly as it did.
 */
export const DEFAULT_BYLAWS: BylawsFile = KESTREL_VALLEY_SEED_LIBRARY;

export const BYLAWS_BY_ID: ReadonlyMap<string, BylawsFile> = new Map(BYLAWS_FILES.map((file) => [file.id, file]));
