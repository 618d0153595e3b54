// @warrant/partner-kit: what the four partner sites share. A site declares its data, its events
// and its tools (definePartner); the kit gives every write the same pipeline (idempotency key,
// receipt, execution signal checked before commit, the append-only log), turns the declaration
// into kernel rows, and boots the page (startPartner) with receipts, inert notes, the agent's
// tools and the reset. Tests reach a site as an agent would through '@warrant/partner-kit/testing'.

// Declaring a site
export { definePartner, defineRead, defineWrite, defineStaffAct, applied } from './definition.ts';
export type {
  PartnerDefinition,
  ReadSpec,
  WriteSpec,
  StaffAct,
  Applied,
  WriteEnvelope,
  Note,
  SeedNote,
} from './definition.ts';
export { notesRead, type NotesReadOptions } from './notes-read.ts';
export { partnerManifest, compensationsOf } from './manifest.ts';
export { freeText, whole, oneOf, someOf, dayIn, idOf, objectSchema, perWeek } from './schema.ts';
export { mintId } from './book.ts';
export { isoDay, dayLabel, weekdayOf, type Week, type SeedCalendar } from './week.ts';

// What a site's state and record hold
export type { PartnerState, ServedWrite, StaffRecord } from './partner-state.ts';
export type { JsonObject, JsonValue, Receipt, LogEntry, SeededEntry, WriteEntry, StaffEntry } from './log-entry.ts';

// The page's parts (the page's boot is '@warrant/partner-kit/page'; its server '@warrant/partner-kit/server')
export type { PanelsProps } from './components/partner-page.tsx';
export { ActOutcome } from './components/act-outcome.tsx';
export { TableRegion } from './components/table-region.tsx';
