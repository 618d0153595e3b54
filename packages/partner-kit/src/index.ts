// @warrant/partner-kit: what the four partner sites share. A site declares its data, its events
// and its tools (definePartner); the kit gives every write the same pipeline (idempotency key,
// receipt, execution signal checked before commit, append-only log), turns the declaration into
// kernel rows, and boots the page (startPartner) with receipts, inert notes, the agent's tools
// and the reset.

// Declaring a site
export { definePartner, defineRead, defineWrite, defineStaffAct, applied } from './definition.ts';
export type { PartnerDefinition, ReadSpec, WriteSpec, StaffAct, Applied, WriteEnvelope, Note } from './definition.ts';
export { notesRead, type NotesReadOptions } from './notes-read.ts';
export { freeText, whole, oneOf, someOf, dayIn, idOf, objectSchema, perWeek } from './schema.ts';
export { mintId, idPattern } from './book.ts';
export { weekFrom, addDays, isoDay, inWeek, dayLabel, weekdayOf, DAYS_IN_WEEK, type Week, type SeedCalendar } from './week.ts';
export type { JsonObject, JsonValue, Receipt, LogEntry, SeededEntry, WriteEntry, StaffEntry } from './log-entry.ts';
export type { PartnerState, ServedWrite, StaffRecord } from './partner-state.ts';

// Running a site
export { openPartnerSite, type PartnerSite, type PartnerSiteOptions } from './partner-site.ts';
export type { WriteCall } from './serve-write.ts';
export { partnerRows, withEnvelope, WRITE_CONTRACT } from './rows.ts';
export { StaleLogError, type SiteLog, type LogRecord } from './site-log.ts';
export { memorySiteLog, memoryLogStore, type MemoryLogStore } from './memory-site-log.ts';
export { openLedgerSiteLog, type OpenedSiteLog } from './ledger-site-log.ts';

// The page
export { startPartner, type PartnerPageParts } from './start-partner.tsx';
export { ActOutcome } from './components/act-outcome.tsx';
export { TableRegion } from './components/table-region.tsx';
export type { PanelsProps } from './components/partner-page.tsx';
