// This page's own id, made once as it loads: the desk's server tells one page's appends from
// another's by it (server/desk-logs.ts), and the leases a page opens name it (desk-runtime.ts). getRandomValues, unlike randomUUID, exists outside secure
// contexts too.
export const PAGE_ID = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');
