// The packages anyone can install, in build order: each is built after the packages it imports,
// because its types are checked against their built declarations, as a consumer's would be.
export const LIBRARY_PACKAGES = [
  'base',
  'config',
  'webmcp',
  'surface',
  'authority',
  'ledger',
  'broker',
  'ui',
  'react',
] as const;
export type LibraryPackage = (typeof LIBRARY_PACKAGES)[number];
