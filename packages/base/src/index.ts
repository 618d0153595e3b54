// @warrant/base: what every Warrant package shares, and nothing that runs a page. The answer
// shape (a result or a structured refusal), the closed vocabularies of the record, and the rule
// for free text. No dependencies, so a package that needs a refusal type pulls in nothing else.

export { refusal, isError, type ToolResult, type ToolSuccess, type ToolRefusal } from './result.ts';
export { ACTORS, CALLERS, type Actor, type Caller } from './actors.ts';
export { CHANNELS, type Channel } from './channels.ts';
export { STATUSES, type Status } from './statuses.ts';
export { POLICY_VERDICTS, type PolicyVerdict } from './policy-verdicts.ts';
export {
  BROKER_EVENTS,
  DESK_EVENTS,
  LEDGER_EVENTS,
  type BrokerEvent,
  type DeskEvent,
  type LedgerEvent,
} from './events.ts';
export { plainTextPattern, freeTextSchema, type FreeTextOptions } from './free-text.ts';
export { loneSurrogateAt } from './unicode.ts';
export { ed25519On, nodeEd25519, type Ed25519, type PureJsEd25519 } from './ed25519.ts';
