export { createSurface, type Surface, type SurfaceOptions, type ChangeRecord, type ExplainedRow, type CallRecord, type CallOptions } from './surface.ts';
export { diff, type DiffPlan } from './diff.ts';
export { validateInput, type FieldProblem } from './validate.ts';
export { defineRow, defineFormRow } from './row.ts';
export type { Row, ImperativeRow, DeclarativeRow, Verdict, RunContext, Caller, Channel, JsonSchema, ToolAnnotations } from './row.ts';
export { refusal, type ToolResult, type ToolSuccess, type ToolRefusal } from './result.ts';
export { checkBinding, type VersionBinding } from './version-binding.ts';
export { loneSurrogateAt } from './unicode.ts';
export { plainTextPattern } from './plain-text.ts';
