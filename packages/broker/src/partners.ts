// The partner sites a lease can reach. Data only: their origins, ports and titles live in
// @warrant/config's SITES under these names.

export const PARTNERS = ['pantry', 'shelter', 'rides', 'coldchain'] as const;

export type PartnerName = (typeof PARTNERS)[number];
