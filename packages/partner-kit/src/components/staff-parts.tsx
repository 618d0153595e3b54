// What only the site's own page shows, for its staff, and never inside the desk's frame: the bar
// staff sign in at, and their check of the desk's record. One chunk, loaded once the page has
// painted (partner-page.tsx): a page framed by the desk, which every lease pays for, never
// fetches it.
export { PeopleBar } from '@warrant/ui';
export { DeskAuditPanel } from './desk-audit-panel.tsx';
