export { connect, wrapContext, type Connection, type Mode, type WebMcp } from './connect.ts';
export type { ExecuteOutcome, ExecuteFailureCode } from './execute-tool.ts';
export type { ArgumentShape } from './argument-shape.ts';
export type { ListedTool, ToolDeclaration, RegisterOptions } from './tools.ts';
export { documentContext, type PlatformContext, type PlatformAnnotations } from './platform.ts';
export { isAgentSubmission, respondToAgent } from './form-submission.ts';
