export { createSurface, type Surface, type SurfaceOptions, type ChangeRecord, type ExplainedRow, type CallRecord } from './surface.ts';
export { diff, type DiffPlan } from './diff.ts';
export { validateInput, type FieldProblem } from './validate.ts';
export { refusal } from './row.ts';
export type { Row, ImperativeRow, DeclarativeRow, Verdict, ToolResult, ToolSuccess, ToolRefusal, RunContext, JsonSchema, ToolAnnotations } from './row.ts';
