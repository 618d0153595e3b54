export {
  createSurface,
  type Surface,
  type SurfaceOptions,
  type ChangeRecord,
  type ExplainedRow,
  type CallRecord,
  type CallOptions,
} from './surface.ts';
export { preloadValidator, validateInput } from './validate.ts';
export { defineRow, defineFormRow } from './row.ts';
export type {
  Row,
  ImperativeRow,
  DeclarativeRow,
  Verdict,
  RunContext,
  Caller,
  Channel,
  JsonSchema,
  ToolAnnotations,
} from './row.ts';
export { checkBinding, type VersionBinding } from './version-binding.ts';
export {
  defineRulebook,
  type Guard,
  type RuleFailure,
  type Rulebook,
  type RulebookSpec,
  type Ruling,
} from './rules.ts';
// The answer shape is the base's; a page that builds rows answers with it, so it is passed on here.
export { refusal, isError, type ToolResult, type ToolSuccess, type ToolRefusal } from '@warrant/base';
