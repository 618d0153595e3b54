// How a record names a bylaws file: its id and the SHA-256 of its RFC 8785 canonical JSON, so a
// record made under one text of the bylaws is not read under another.
import { canonicalDigest } from '@warrant/authority';
import type { BylawsFile } from './bylaws-file.ts';

export const bylawsDigest = (file: BylawsFile): string => canonicalDigest(file);
