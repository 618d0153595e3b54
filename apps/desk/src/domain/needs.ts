// The reads find_capacity makes at each partner under a read lease: what tells the desk what
// the partner has for a request. Each partner's are configured with it (partners.json); an
// argument is named by the request field it comes from.

/** Where a capacity read's argument comes from: the request's date (its deadline's day). */
export const REQUEST_FIELDS = ['date'] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];

export interface CapacityRead {
  readonly tool: string;
  readonly args: Readonly<Record<string, RequestField>>;
}
