// For tests only, never for pages: a manual clock with a `now`, and an in-memory partner reached
// through the partner channel interface, whose writes check their signal before they commit.
export { manualBrokerClock, type ManualBrokerClock } from './testing/manual-broker-clock.ts';
export {
  memoryPartner,
  type MemoryPartner,
  type MemoryPartnerOptions,
  type PartnerCommit,
} from './testing/memory-partner.ts';
