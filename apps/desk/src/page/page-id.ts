// This page's own id, made once as it loads: the desk's server tells one page's appends from
// another's by it (server/desk-logs.ts), and the leases a page opens name it (desk-runtime.ts). getRandomValues, unlike randomUUID, exists outside secure
// contexts too.
export const PAGE_ID = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');

const TAB_PAGE_KEY = 'warrant-desk-page';

/**
 * The id of the page this tab showed before this one (a reload), and this page's id kept for the
 * next: sessionStorage lives as long as the tab. Null in a new tab, or where storage is refused.
 */
export function previousPageOfThisTab(): string | null {
  try {
    const before = sessionStorage.getItem(TAB_PAGE_KEY);
    sessionStorage.setItem(TAB_PAGE_KEY, PAGE_ID);
    return before;
  } catch {
    return null;
  }
}
